import type { Db } from "./database.js";
import { findMerchantByApiKeyHash, findMerchantByPublicKeyHash } from "./merchants.js";
import { findPaymentDetailsByPaymentId, type PaymentDetails } from "./payments.js";
import { findChainTokenForMerchant, type ChainTokenForMerchant } from "./tokens.js";
import type { MerchantRow } from "./types.js";

/**
 * Wraps a read so that callers asking for a key while a read of that key is running share its result
 * instead of querying again ("single flight"). Nothing outlives the read: there is no cache to go stale or
 * invalidate. A shared result can predate the caller by at most one query's duration, as if the caller had
 * arrived that much earlier; a failed read fails everyone who joined it.
 */
export function singleFlight<A, V>(
  read: (arg: A) => Promise<V>,
  keyOf: (arg: A) => unknown = (arg) => arg,
): (arg: A) => Promise<V> {
  const inFlight = new Map<unknown, Promise<V>>();
  return (arg) => {
    const key = keyOf(arg);
    const running = inFlight.get(key);
    if (running) return running;
    const started = read(arg).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}

/**
 * The reads every request of the hot endpoints makes (the merchant of a key, the polled payment, the
 * checks of a payment creation), shared while in flight. Under load, dozens of requests of one merchant
 * arrive together and most of them then cost no database round trip for these reads. Rows handed out
 * are shared between callers: read them, never change them.
 */
export interface SharedReads {
  merchantByApiKeyHash(apiKeyHash: string): Promise<MerchantRow | undefined>;
  merchantByPublicKeyHash(publicKeyHash: string): Promise<MerchantRow | undefined>;
  paymentDetails(paymentId: string): Promise<PaymentDetails | undefined>;
  chainTokenForMerchant(query: {
    chainId: number;
    address: string;
    merchantId: number;
  }): Promise<ChainTokenForMerchant | undefined>;
}

export function createSharedReads(db: Db): SharedReads {
  return {
    merchantByApiKeyHash: singleFlight((hash: string) => findMerchantByApiKeyHash(db, hash)),
    merchantByPublicKeyHash: singleFlight((hash: string) => findMerchantByPublicKeyHash(db, hash)),
    paymentDetails: singleFlight((paymentId: string) => findPaymentDetailsByPaymentId(db, paymentId)),
    chainTokenForMerchant: singleFlight(
      ({ chainId, address, merchantId }) => findChainTokenForMerchant(db, chainId, address, merchantId),
      ({ chainId, address, merchantId }) => `${chainId} ${address} ${merchantId}`,
    ),
  };
}

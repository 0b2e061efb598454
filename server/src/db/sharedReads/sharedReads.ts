import type { Db } from "../infra/database.js";
import { findMerchantByApiKeyHash, findMerchantByPublicKeyHash } from "../merchants/merchants.js";
import { findPaymentDetailsByPaymentId, type PaymentDetails } from "../payments/payments.js";
import { findChainTokenForMerchant, type ChainTokenForMerchant } from "../tokens/tokens.js";
import { type MerchantRow } from "../schema/rows.js";

/** A read shared while in flight; `fresh` starts a read of its own, which later callers may share. */
export interface SingleFlight<A, V> {
  (arg: A): Promise<V>;
  /** For a caller that knows the data changed since a running read began (it changed it). */
  fresh(arg: A): Promise<V>;
}

/**
 * Wraps a read so that callers asking for a key while a read of that key is running share its result
 * instead of querying again ("single flight"). Nothing outlives the read: there is no cache to go stale or
 * invalidate. A shared result can predate the caller by at most one query's duration, as if the caller had
 * arrived that much earlier; a failed read fails everyone who joined it.
 */
export function singleFlight<A, V>(
  read: (arg: A) => Promise<V>,
  keyOf: (arg: A) => unknown = (arg) => arg,
): SingleFlight<A, V> {
  const inFlight = new Map<unknown, Promise<V>>();
  const start = (arg: A, key: unknown): Promise<V> => {
    const started = read(arg).finally(() => {
      if (inFlight.get(key) === started) inFlight.delete(key);
    });
    inFlight.set(key, started);
    return started;
  };
  const shared = (arg: A): Promise<V> => {
    const key = keyOf(arg);
    return inFlight.get(key) ?? start(arg, key);
  };
  shared.fresh = (arg: A): Promise<V> => start(arg, keyOf(arg));
  return shared;
}

/**
 * The reads every request of the hot endpoints makes (the merchant of a key, the polled payment, the
 * checks of a payment creation), shared while in flight. Under load, dozens of requests of one merchant
 * arrive together and most of them then cost no database round trip for these reads. Rows handed out
 * are shared between callers: read them, never change them.
 */
export interface SharedReads {
  merchantByApiKeyHash: SingleFlight<string, MerchantRow | undefined>;
  merchantByPublicKeyHash: SingleFlight<string, MerchantRow | undefined>;
  paymentDetails: SingleFlight<string, PaymentDetails | undefined>;
  chainTokenForMerchant: SingleFlight<
    { chainId: number; address: string; merchantId: number },
    ChainTokenForMerchant | undefined
  >;
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

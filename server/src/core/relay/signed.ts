import {
  paymentAuthorizationTypedData,
  paymentGatewayAbi,
  paymentIntentTypedData,
  permit2PaymentTypedData,
  type PaymentRequest,
} from "@kassa/contracts";
import {
  encodeFunctionData,
  getAddress,
  isAddress,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
  type TypedDataDefinition,
} from "viem";
import { gaslessChainError, type GaslessRuntime } from "../../chain/gasless.js";
import {
  hasPermit2,
  readPermit2Allowance,
  readTokenDomainOf,
  simulateGatewayCall,
  verifyPayerSignature,
} from "../../chain/gatewayRelay.js";
import { findChainById } from "../../db/chains/chains.js";
import { type PaymentDetails } from "../../db/payments/payments.js";
import {
  findRelayRequestByPaymentRowId,
  findUnfinishedRelayByPermit2Nonce,
  type NewRelayRequest,
} from "../../db/gasless/relays.js";
import { type MerchantRow } from "../../db/schema/rows.js";
import { KassaError } from "../../errors.js";
import { requireOwnPayment } from "../payments/payments.js";
import { invalid, requirePayerInGoodStanding, requireRelayable } from "./checks.js";
import { acceptedGasLimit, relayGasPurpose, requireGasBudget, TRANSACTION_BASE_GAS } from "./gasBudget.js";
import { type ParsedRelayInput, type SignedRelayKind } from "./views.js";

/** A checked relay, of any kind, ready to queue for its payment (queue.ts). */
export type NewRelay = Omit<NewRelayRequest, "paymentRowId" | "networkId">;

/** Who submits a relay: the public-key caller's network (clientNetwork). */
export interface RelayClient {
  network: string;
}

/**
 * The checks of a relay of the gateway's one-signature paths (kinds permit2, authorization, intent), before
 * anything is spent: the payment, the payer's signature checked as the chain checks it (ECDSA, ERC-1271,
 * ERC-6492), what the path needs on-chain (Permit2 and the payer's approval of it, the token's EIP-3009
 * domain), then the relayer's call simulated. Returns the relay to queue.
 */
export async function checkSignedRelay(
  runtime: GaslessRuntime,
  merchant: MerchantRow,
  paymentId: string,
  input: ParsedRelayInput & { kind: SignedRelayKind },
  client: RelayClient,
): Promise<{ payment: PaymentDetails; relay: NewRelay }> {
  const { db } = runtime;
  if (input.paymentId !== paymentId) throw invalid(["paymentId"], "must equal the paymentId of the path");
  const payment = await requireOwnPayment(db, merchant, paymentId);
  requireRelayable(payment, runtime.now());
  if (await findRelayRequestByPaymentRowId(db, payment.id)) throw new KassaError("RELAY_ALREADY_SUBMITTED");
  const chain = await findChainById(db, payment.chain_id);
  const relayer = chain && runtime.relayer(chain);
  if (!chain || !relayer) {
    throw new KassaError(
      "RELAYER_NOT_CONFIGURED",
      `no relayer is configured for chain ${payment.network_id}`,
    );
  }
  if (
    !input.payer ||
    (isAddress(input.payer, { strict: false }) && getAddress(input.payer) === zeroAddress)
  ) {
    throw new KassaError("PAYER_ADDRESS_NOT_FOUND", "payer must be the paying wallet's address");
  }
  if (!isAddress(input.payer, { strict: false }))
    throw invalid(["payer"], "must be a 0x-prefixed 20-byte address");
  if (input.signature === undefined) throw invalid(["signature"], `is required for kind ${input.kind}`);
  if (input.kind === "permit2" && input.permit2Nonce === undefined) {
    throw invalid(["permit2Nonce"], "is required for kind permit2: the Permit2 nonce the payer signed");
  }
  const payer = getAddress(input.payer);
  const signature = input.signature as Hex;
  const request = paymentRequestOf(payment);
  const gateway = getAddress(payment.gateway_address);
  const base = { chainId: payment.network_id, gateway, request, payer };
  await requirePayerInGoodStanding(runtime, payment.network_id, payer);
  const clients = {
    networkId: payment.network_id,
    merchantId: merchant.id,
    payer,
    clientNetwork: client.network,
  };
  // Refused before the chain is asked when a budget has no room left at all (queue.ts checks the relay's own).
  await requireGasBudget(runtime, db, clients, TRANSACTION_BASE_GAS);
  if (input.permit2Nonce !== undefined && input.kind === "permit2") {
    const holder = await findUnfinishedRelayByPermit2Nonce(db, {
      networkId: payment.network_id,
      from: payer,
      permit2Nonce: input.permit2Nonce,
    });
    if (holder) {
      throw holder.payment_id === payment.id
        ? new KassaError("RELAY_ALREADY_SUBMITTED")
        : permit2NonceTaken(input.permit2Nonce);
    }
  }

  const chainClient = runtime.client(chain);
  return onChain(async () => {
    let typedData: TypedDataDefinition;
    let data: Hex;
    if (input.kind === "permit2") {
      const nonce = input.permit2Nonce as bigint;
      await requirePermit2Approved(chainClient, payment, payer);
      typedData = permit2PaymentTypedData({ ...base, nonce }) as TypedDataDefinition;
      data = encodeFunctionData({
        abi: paymentGatewayAbi,
        functionName: "payWithPermit2",
        args: [request, payment.server_signature as Hex, payer, nonce, signature],
      });
    } else if (input.kind === "authorization") {
      const tokenDomain = await readTokenDomainOf(chainClient, request.tokenAddress, payment.network_id);
      if (!tokenDomain) {
        throw new KassaError(
          "UNSUPPORTED_TOKEN",
          `${payment.token_symbol} does not tell its EIP-712 domain (no eip712Domain(), and its DOMAIN_SEPARATOR() ` +
            "matches no known version): it cannot be paid with an EIP-3009 authorization",
        );
      }
      typedData = paymentAuthorizationTypedData({ ...base, tokenDomain }) as TypedDataDefinition;
      data = encodeFunctionData({
        abi: paymentGatewayAbi,
        functionName: "payWithAuthorization",
        args: [request, payment.server_signature as Hex, payer, signature],
      });
    } else {
      typedData = paymentIntentTypedData(base) as TypedDataDefinition;
      data = encodeFunctionData({
        abi: paymentGatewayAbi,
        functionName: "payWithIntent",
        args: [request, payment.server_signature as Hex, payer, signature],
      });
    }
    if (!(await verifyPayerSignature(chainClient, { signer: payer, typedData, signature }))) {
      throw new KassaError(
        "INVALID_SIGNATURE",
        `the ${input.kind} signature is not ${payer}'s (as ECDSA, ERC-1271 or ERC-6492) for this payment: ` +
          "check the domain, the chain id and every field",
      );
    }
    const simulation = await simulateGatewayCall(chainClient, {
      gateway,
      relayer: relayer.addresses[0] as Address,
      data,
      fees: await relayer.fees(),
    });
    const relay: NewRelay = {
      kind: input.kind,
      forwarderAddress: null,
      from: payer,
      to: gateway,
      gas: null,
      forwarderNonce: null,
      permit2Nonce: input.kind === "permit2" ? (input.permit2Nonce as bigint) : null,
      deadline: Number(payment.deadline),
      data,
      signature,
      clientNetwork: client.network,
      gasLimit: acceptedGasLimit(
        runtime,
        payment.network_id,
        relayGasPurpose(input.kind, signature),
        simulation,
      ),
    };
    return { payment, relay };
  });
}

/** The payment's signed `PaymentRequest`, as the gateway takes it. */
export function paymentRequestOf(payment: PaymentDetails): PaymentRequest {
  return {
    paymentId: payment.payment_id as Hex,
    tokenAddress: getAddress(payment.token_address),
    amount: BigInt(payment.amount),
    recipientAddress: getAddress(payment.recipient_address),
    merchantId: payment.merchant_bytes32_id as Hex,
    deadline: BigInt(payment.deadline),
  };
}

/** A Permit2 nonce that another unfinished relay of the payer holds (Permit2 spends it once). */
export function permit2NonceTaken(nonce: bigint): KassaError {
  return invalid(
    ["permit2Nonce"],
    `Permit2 nonce ${nonce} is already taken by another relay of this wallet that is still in flight; ` +
      "sign with another unused nonce",
  );
}

async function requirePermit2Approved(client: PublicClient, payment: PaymentDetails, payer: Address) {
  if (!(await hasPermit2(client))) {
    throw new KassaError("CHAIN_CONFIG_ERROR", `Permit2 is not deployed on chain ${payment.network_id}`);
  }
  const allowance = await readPermit2Allowance(client, getAddress(payment.token_address), payer);
  if (allowance < BigInt(payment.amount)) {
    throw new KassaError(
      "INSUFFICIENT_ALLOWANCE",
      `Permit2 may move ${allowance} base units of ${payer}'s ${payment.token_symbol}, the payment needs ` +
        `${payment.amount}: approve Permit2 once first`,
    );
  }
}

/** Runs chain reads: a node that does not answer is CHAIN_UNAVAILABLE, the relayer's own failure RELAYER_ERROR. */
async function onChain<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw gaslessChainError(error, "the relayer could not check the request on the chain");
  }
}

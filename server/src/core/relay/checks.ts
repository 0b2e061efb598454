import {
  encodePay,
  forwarderDomain,
  forwardRequestTypes,
  paymentGatewayAbi,
  type ForwardRequestData,
} from "@kassa/contracts";
import {
  decodeFunctionData,
  getAddress,
  isAddress,
  isErc6492Signature,
  recoverTypedDataAddress,
  zeroAddress,
  type Address,
  type Hex,
} from "viem";
import { type DecodedRevert } from "../../chain/forwarder.js";
import type { GaslessRuntime } from "../../chain/gasless.js";
import { hasCode } from "../../chain/preflight.js";
import { findChainById } from "../../db/chains/chains.js";
import { type PaymentDetails } from "../../db/payments/payments.js";
import {
  findRelayRequestByPaymentRowId,
  findUnfinishedRelayByForwarderNonce,
} from "../../db/gasless/relays.js";
import { findPayerRevertAtLimit } from "../../db/gasless/relayerGas.js";
import { type ChainRow, type MerchantRow } from "../../db/schema/rows.js";
import { KassaError, type ErrorCode } from "../../errors.js";
import { requireOwnPayment } from "../payments/payments.js";
import { type ParsedRelayInput } from "./views.js";

/**
 * The checks of a relay request before anything is spent: the payment, the ForwardRequest against it, the
 * forwarder nonce, a simulation, and the payer's standing.
 */

export function invalid(path: string[], message: string, code: ErrorCode = "VALIDATION_ERROR"): KassaError {
  return code === "VALIDATION_ERROR"
    ? new KassaError(code, message, { details: [{ path, message }] })
    : new KassaError(code, message);
}

export function requireRelayable(payment: PaymentDetails, now: Date): void {
  if (payment.status !== "CREATED") {
    throw new KassaError("INVALID_PAYMENT_STATUS", `the payment is ${payment.status}, not CREATED`);
  }
  if (payment.expires_at.getTime() <= now.getTime()) {
    throw new KassaError("PAYMENT_EXPIRED", `the payment expired at ${payment.expires_at.toISOString()}`);
  }
}

export const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The reason a simulated forward request would revert, as the error the payer can act on. */
export function revertError(revert: DecodedRevert): KassaError {
  const [a, b, c] = revert.args;
  switch (revert.errorName) {
    case "PaymentAlreadyProcessed":
      return new KassaError("INVALID_PAYMENT_STATUS", "the payment is already paid on-chain");
    case "PaymentRequestExpired":
      return new KassaError("PAYMENT_EXPIRED", "the payment's signature deadline has passed on-chain");
    case "ERC2771ForwarderInvalidSigner":
      return new KassaError(
        "INVALID_SIGNATURE",
        `the forwarder recovers ${String(a)}, not ${String(b)}: the request was signed for another ` +
          "forwarder nonce (one already used), or a field changed after signing",
      );
    case "ERC2771ForwarderExpiredRequest":
      return invalid(["forwardRequest", "deadline"], "the forward request deadline has passed");
    case "ERC20InsufficientBalance":
      return new KassaError(
        "INSUFFICIENT_TOKEN_BALANCE",
        `the payer holds ${String(b)} base units of the token, the payment needs ${String(c)}`,
      );
    case "ERC20InsufficientAllowance":
      return invalid(
        ["forwardRequest", "data"],
        `the gateway may spend ${String(b)} base units of the payer's token, the payment needs ${String(c)}: ` +
          "approve the gateway first or include an EIP-2612 permit in pay()",
      );
    case "OutOfGas":
      return invalid(["forwardRequest", "gas"], revert.description);
    case "InvalidServerSignature":
    case "ERC2771UntrustfulTarget":
      return new KassaError("CHAIN_CONFIG_ERROR", `the contracts refuse the payment: ${revert.description}`);
    case "EnforcedPause":
      return new KassaError("INVALID_REQUEST", "the payment gateway is paused");
    default:
      return tokenRevertError(revert) ?? signedPathRevertError(revert) ?? callRevertError(revert);
  }
}

/** What a token's own revert means for the payer (USDT-style custom errors, FiatToken's reason strings). */
function tokenRevertError(revert: DecodedRevert): KassaError | undefined {
  const [a, b, c, d] = revert.args;
  const reason = revert.errorName === "Error" ? String(a) : "";
  if (revert.errorName === "SenderBlackListed" || /blacklisted|blocklisted|blocked/i.test(reason)) {
    return new KassaError(
      "TOKEN_TRANSFER_BLOCKED",
      `the token refuses to move this payment (${revert.description}): the payer or the recipient is on its ` +
        "blocklist, so no signature can pay it",
    );
  }
  if (revert.errorName === "InsufficientBalance" || /exceeds balance/i.test(reason)) {
    return new KassaError(
      "INSUFFICIENT_TOKEN_BALANCE",
      revert.errorName === "InsufficientBalance"
        ? `the payer holds ${String(b)} base units of the token, the payment needs ${String(c)}`
        : `the payer's balance is below the payment's amount (${reason})`,
    );
  }
  if (revert.errorName === "InsufficientAllowance" || /exceeds allowance/i.test(reason)) {
    return new KassaError(
      "INSUFFICIENT_ALLOWANCE",
      revert.args.length === 4
        ? `${String(b)} may spend ${String(c)} base units of the payer's token, the payment needs ${String(d)}`
        : `the payer's allowance is below the payment's amount (${reason})`,
    );
  }
  if (/invalid signature/i.test(reason)) {
    return new KassaError("INVALID_SIGNATURE", `the token refuses the payer's authorization: ${reason}`);
  }
  if (/authorization is used|authorization is expired|authorization is not yet valid/i.test(reason)) {
    return new KassaError("INVALID_REQUEST", `the token refuses the payer's authorization: ${reason}`);
  }
  return undefined;
}

/** The gateway's and Permit2's refusals of a payer's signature on the one-signature paths. */
function signedPathRevertError(revert: DecodedRevert): KassaError | undefined {
  switch (revert.errorName) {
    case "InvalidPayerSignature":
    case "InvalidSigner":
    case "InvalidSignature":
    case "InvalidContractSignature":
    case "InvalidSignatureLength":
      return new KassaError("INVALID_SIGNATURE", `the payer's signature is refused: ${revert.description}`);
    case "InvalidNonce":
      return invalid(["permit2Nonce"], "the Permit2 nonce is used already: sign with an unused one");
    case "SignatureExpired":
      return new KassaError("PAYMENT_EXPIRED", "the payer's signature deadline has passed");
    case "Permit2NotEnabled":
      return new KassaError("CHAIN_CONFIG_ERROR", "the gateway was deployed without Permit2");
    default:
      return undefined;
  }
}

function callRevertError(revert: DecodedRevert): KassaError {
  switch (revert.errorName) {
    default:
      return new KassaError(
        "INVALID_REQUEST",
        `the forwarded pay() call would revert: ${revert.description}`,
      );
  }
}

interface CheckedRelay {
  payment: PaymentDetails;
  chain: ChainRow;
  forwarder: Address;
  request: ForwardRequestData & { nonce: bigint };
}

/** Checks of POST /payments/:id/relay that need no chain, in the order that gives the most useful error. */
export async function checkRelayRequest(
  runtime: GaslessRuntime,
  merchant: MerchantRow,
  paymentId: string,
  input: ParsedRelayInput,
): Promise<CheckedRelay> {
  const { db } = runtime;
  const fr = input.forwardRequest;
  if (!fr || input.forwarderAddress === undefined) {
    throw invalid(
      [fr ? "forwarderAddress" : "forwardRequest"],
      "is required for kind forward (or send kind permit2, authorization or intent)",
    );
  }
  if (input.paymentId !== paymentId) {
    throw invalid(["paymentId"], "must equal the paymentId of the path");
  }
  const payment = await requireOwnPayment(db, merchant, paymentId);
  const now = runtime.now();
  requireRelayable(payment, now);
  if (await findRelayRequestByPaymentRowId(db, payment.id)) {
    throw new KassaError("RELAY_ALREADY_SUBMITTED");
  }
  const chain = await findChainById(db, payment.chain_id);
  if (!chain || !runtime.relayer(chain)) {
    throw new KassaError(
      "RELAYER_NOT_CONFIGURED",
      `no relayer is configured for chain ${payment.network_id}`,
    );
  }
  if (!payment.forwarder_address) {
    throw new KassaError(
      "RELAYER_NOT_CONFIGURED",
      "gasless payment is not available: the chain has no forwarder",
    );
  }
  if (
    !isAddress(input.forwarderAddress, { strict: false }) ||
    !same(input.forwarderAddress, payment.forwarder_address)
  ) {
    throw invalid(
      ["forwarderAddress"],
      `must be the payment's forwarderAddress ${payment.forwarder_address}`,
    );
  }
  if (!isAddress(fr.to, { strict: false }) || !same(fr.to, payment.gateway_address)) {
    throw invalid(
      ["forwardRequest", "to"],
      `must be the payment's gatewayAddress ${payment.gateway_address}`,
    );
  }
  if (
    fr.from === undefined ||
    fr.from === "" ||
    (isAddress(fr.from, { strict: false }) && same(fr.from, zeroAddress))
  ) {
    throw new KassaError("PAYER_ADDRESS_NOT_FOUND", "forwardRequest.from must be the payer's wallet address");
  }
  if (!isAddress(fr.from, { strict: false })) {
    throw invalid(["forwardRequest", "from"], "must be a 0x-prefixed 20-byte address");
  }
  const from = getAddress(fr.from);
  if (fr.value !== 0n) throw invalid(["forwardRequest", "value"], "must be 0: pay() takes no native token");
  if (fr.gas === 0n || fr.gas > runtime.settings.maxForwardGas) {
    throw invalid(
      ["forwardRequest", "gas"],
      `must be at most ${runtime.settings.maxForwardGas}, what pay() needs with headroom (200000 is recommended)`,
    );
  }

  let call;
  try {
    call = decodeFunctionData({ abi: paymentGatewayAbi, data: fr.data as Hex });
  } catch {
    throw invalid(["forwardRequest", "data"], "must be an encoded PaymentGateway.pay(...) call");
  }
  if (call.functionName !== "pay") {
    throw invalid(["forwardRequest", "data"], `must call pay(...), not ${call.functionName}(...)`);
  }
  const [callPaymentId, token, amount, recipient, merchantId, deadline, serverSignature] = call.args;
  if (!same(callPaymentId, payment.payment_id)) {
    throw invalid(["forwardRequest", "data"], "pay() is for another paymentId");
  }
  if (amount !== BigInt(payment.amount)) {
    throw new KassaError(
      "AMOUNT_MISMATCH",
      `pay() carries amount ${amount}, the payment's amount is ${payment.amount}`,
    );
  }
  const mismatched = [
    !same(token, payment.token_address) && "tokenAddress",
    !same(recipient, payment.recipient_address) && "recipientAddress",
    !same(merchantId, payment.merchant_bytes32_id) && "merchantId",
    deadline !== BigInt(payment.deadline) && "deadline",
    !same(serverSignature, payment.server_signature) && "serverSignature",
  ].filter(Boolean);
  if (mismatched.length > 0) {
    throw invalid(["forwardRequest", "data"], `pay() differs from the payment in ${mismatched.join(", ")}`);
  }
  // The decoder ignores bytes after the arguments and tolerates unusual offsets; the relayer would pay
  // for every such byte. Only the one canonical encoding of this payment's pay() is relayed.
  const expected = encodePay(
    {
      paymentId: payment.payment_id,
      tokenAddress: payment.token_address,
      amount: payment.amount,
      recipientAddress: payment.recipient_address,
      merchantId: payment.merchant_bytes32_id,
      deadline: String(payment.deadline),
      serverSignature: payment.server_signature,
    },
    call.args[7],
  );
  if (expected.toLowerCase() !== fr.data.toLowerCase()) {
    throw invalid(
      ["forwardRequest", "data"],
      `must be exactly the ABI encoding of pay(...) for this payment (${(expected.length - 2) / 2} bytes), ` +
        `not ${(fr.data.length - 2) / 2} bytes`,
    );
  }

  if (fr.deadline > 2n ** 48n - 1n) throw invalid(["forwardRequest", "deadline"], "must fit in uint48");
  if (fr.deadline <= BigInt(Math.floor(now.getTime() / 1000))) {
    throw invalid(["forwardRequest", "deadline"], "the signature deadline has passed");
  }
  const forwarder = getAddress(payment.forwarder_address);
  const request = {
    from,
    to: getAddress(fr.to),
    value: fr.value,
    gas: fr.gas,
    nonce: fr.nonce,
    deadline: Number(fr.deadline),
    data: fr.data as Hex,
    signature: fr.signature as Hex,
  };
  // The forwarder checks ECDSA only: a smart-contract wallet is told where its signature is checked.
  const refused = async (message: string) =>
    (await hasCode(runtime.client(chain), from).catch(() => false)) || isErc6492Signature(request.signature)
      ? new KassaError(
          "INVALID_SIGNATURE",
          `${from} is a smart-contract wallet, and the forwarder checks ECDSA signatures only: sign the ` +
            "payment's PaymentIntent instead and relay it with kind intent (ERC-1271 and ERC-6492 are checked there)",
        )
      : new KassaError("INVALID_SIGNATURE", message);
  if (!/^0x[0-9a-fA-F]{130}$/.test(fr.signature)) {
    throw await refused("the signature must be 65 bytes of hex starting with 0x");
  }
  let signer: Address;
  try {
    signer = await recoverTypedDataAddress({
      domain: forwarderDomain(payment.network_id, forwarder),
      types: forwardRequestTypes,
      primaryType: "ForwardRequest",
      message: request,
      signature: request.signature,
    });
  } catch {
    throw await refused("the signature cannot be recovered");
  }
  if (!same(signer, from)) {
    throw await refused(
      `the ForwardRequest is signed by ${signer}, not by forwardRequest.from (check the domain, chain id and every field)`,
    );
  }
  await requirePayerInGoodStanding(runtime, payment.network_id, from);
  const nonceKey = {
    networkId: payment.network_id,
    forwarderAddress: forwarder,
    from,
    forwarderNonce: request.nonce,
  };
  const holder = await findUnfinishedRelayByForwarderNonce(db, nonceKey);
  if (holder) {
    throw holder.payment_id === payment.id
      ? new KassaError("RELAY_ALREADY_SUBMITTED")
      : nonceTaken(request.nonce);
  }
  return { payment, chain, forwarder, request };
}

/** A forwarder nonce that another unfinished relay of the payer holds (at most one can be executed). */
export function nonceTaken(nonce: bigint): KassaError {
  return invalid(
    ["forwardRequest", "nonce"],
    `forwarder nonce ${nonce} is already taken by another relay of this wallet that is still in flight; ` +
      "wait until it is CONFIRMED or FAILED, then sign with the forwarder's current nonce",
  );
}

/**
 * Refuses a payer whose relays (or subscription charges) reverted on-chain RELAYER_PAYER_REVERT_LIMIT times within
 * the window: each cost the relayer gas for nothing. The refusal ends when the oldest of them leaves the window.
 */
export async function requirePayerInGoodStanding(
  runtime: GaslessRuntime,
  networkId: number,
  payer: Address,
): Promise<void> {
  const { payerRevertLimit: limit, payerRevertWindowSeconds: windowSeconds } = runtime.settings;
  const windowMs = windowSeconds * 1000;
  const atLimit = await findPayerRevertAtLimit(runtime.db, {
    networkId,
    payer,
    since: new Date(runtime.now().getTime() - windowMs),
    limit,
  });
  if (atLimit) {
    const until = new Date(atLimit.getTime() + windowMs);
    throw new KassaError(
      "RATE_LIMITED",
      `relays from ${payer} reverted on-chain ${limit} times within ${windowSeconds} s; gasless payment ` +
        `is refused for this wallet until ${until.toISOString()} (it can still pay with its own gas)`,
    );
  }
}

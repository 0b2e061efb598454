/**
 * What the widget reads from and writes to the chain, always through the payer's wallet (EIP-1193),
 * so the page itself needs no RPC endpoint. Calldata is encoded with viem from the generated ABIs.
 */
import { erc2771ForwarderAbi } from "@kassa/contracts/abi";
import {
  forwardRequestTypes,
  forwarderDomain,
  permitTypes,
  type GatewayPermit,
} from "@kassa/contracts/eip712";
import type { TokenDomain } from "@kassa/contracts/intents";
import { readTokenDomain } from "@kassa/contracts/tokenDomain";
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionReturnType,
  type DecodeFunctionResultParameters,
  type EncodeFunctionDataParameters,
  type Hex,
} from "viem";
import { request, WalletError, type Eip1193Provider } from "./wallet/eip1193.js";

/** EIP-2612's nonce view. */
const permitReadAbi = [
  {
    type: "function",
    name: "nonces",
    stateMutability: "view",
    inputs: [{ name: "owner", type: "address" }],
    outputs: [{ name: "", type: "uint256" }],
  },
] as const;

/** The payment fields `pay()` needs (the API's payment with `serverSignature`). */
export interface PayablePayment {
  paymentId: Hex;
  chainId: number;
  tokenAddress: Address;
  amount: string;
  recipientAddress: Address;
  merchantId: Hex;
  deadline: string;
  serverSignature: Hex;
  gatewayAddress: Address;
  forwarderAddress: Address | null;
}

/** Gas of the forward request: 200,000 is what Kassa recommends. */
export const FORWARD_GAS = 200_000n;

async function call(provider: Eip1193Provider, to: Address, data: Hex): Promise<Hex> {
  return request<Hex>(provider, "eth_call", [{ to, data }, "latest"]);
}

/** A view function's result, read with an `eth_call` through the wallet. */
async function readView<
  const abi extends Abi,
  functionName extends ContractFunctionName<abi, "view">,
  const args extends ContractFunctionArgs<abi, "view", functionName>,
>(
  provider: Eip1193Provider,
  to: Address,
  view: { abi: abi; functionName: functionName; args: args },
): Promise<ContractFunctionReturnType<abi, "view", functionName, args>> {
  // viem's encode/decode parameter types are conditional on a generic ABI, which TypeScript cannot resolve here;
  // the signature above is what callers see.
  const data = encodeFunctionData(view as EncodeFunctionDataParameters);
  const result = decodeFunctionResult({
    ...view,
    data: await call(provider, to, data),
  } as DecodeFunctionResultParameters);
  return result as ContractFunctionReturnType<abi, "view", functionName, args>;
}

export function readTokenBalance(provider: Eip1193Provider, token: Address, owner: Address) {
  return readView(provider, token, { abi: erc20Abi, functionName: "balanceOf", args: [owner] });
}

export function readAllowance(provider: Eip1193Provider, token: Address, owner: Address, spender: Address) {
  return readView(provider, token, { abi: erc20Abi, functionName: "allowance", args: [owner, spender] });
}

export async function readNativeBalance(provider: Eip1193Provider, owner: Address): Promise<bigint> {
  return BigInt(await request<Hex>(provider, "eth_getBalance", [owner, "latest"]));
}

export async function readChainId(provider: Eip1193Provider): Promise<number> {
  return Number(await request<Hex | number>(provider, "eth_chainId"));
}

export function readTokenNonce(provider: Eip1193Provider, token: Address, owner: Address) {
  return readView(provider, token, { abi: permitReadAbi, functionName: "nonces", args: [owner] });
}

export function readForwarderNonce(provider: Eip1193Provider, forwarder: Address, owner: Address) {
  return readView(provider, forwarder, { abi: erc2771ForwarderAbi, functionName: "nonces", args: [owner] });
}

/** The token's EIP-712 domain as the token tells it (never guessed); undefined when it does not. */
export function readPermitDomain(
  provider: Eip1193Provider,
  token: Address,
  chainId: number,
): Promise<TokenDomain | undefined> {
  return readTokenDomain((data) => call(provider, token, data), { chainId, token });
}

/** The token's domain cannot be read: no signature for it would be valid, so the path is not offered. */
export class TokenDomainUnknown extends Error {
  override name = "TokenDomainUnknown";
}

/** Whether `from`'s call of `to` with `data` succeeds now (an `eth_call`: nothing is sent). */
export async function accepts(provider: Eip1193Provider, from: Address, to: Address, data: Hex) {
  return request<Hex>(provider, "eth_call", [{ from, to, data }, "latest"]).then(
    () => true,
    () => false,
  );
}

export function encodeApprove(spender: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] });
}

export function sendTransaction(
  provider: Eip1193Provider,
  tx: { from: Address; to: Address; data: Hex },
): Promise<Hex> {
  return request<Hex>(provider, "eth_sendTransaction", [{ ...tx, value: "0x0" }]);
}

interface Receipt {
  status: Hex;
  transactionHash: Hex;
}

/** Polls the wallet for the receipt (about once a second, up to ~10 minutes); true when it succeeded. */
export async function waitForReceipt(provider: Eip1193Provider, hash: Hex): Promise<boolean> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const receipt = await request<Receipt | null>(provider, "eth_getTransactionReceipt", [hash]).catch(
      () => null,
    );
    if (receipt) return receipt.status === "0x1";
    await new Promise((resolve) => setTimeout(resolve, attempt < 10 ? 500 : 1500));
  }
  throw new WalletError(`no receipt for ${hash}`, undefined);
}

type TypedField = { name: string; type: string };

/**
 * `eth_signTypedData_v4`: the typed data as JSON, with `EIP712Domain` listing the domain's fields (Permit2's has
 * no version) and integers as strings.
 */
export function signTypedData(
  provider: Eip1193Provider,
  from: Address,
  typedData: {
    domain: { name: string; version?: string; chainId: number; verifyingContract: Address };
    types: Record<string, readonly TypedField[]>;
    primaryType: string;
    message: Record<string, unknown>;
  },
): Promise<Hex> {
  const domainFields = [
    { name: "name", type: "string" },
    { name: "version", type: "string" },
    { name: "chainId", type: "uint256" },
    { name: "verifyingContract", type: "address" },
  ].filter((field) => field.name in typedData.domain);
  const json = JSON.stringify(
    { ...typedData, types: { EIP712Domain: domainFields, ...typedData.types } },
    (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value),
  );
  return request<Hex>(provider, "eth_signTypedData_v4", [from, json]);
}

/** `allowance` plus `amount`, at most an unlimited allowance. */
export function addToAllowance(allowance: bigint, amount: bigint): bigint {
  return allowance + amount > maxUint256 ? maxUint256 : allowance + amount;
}

/**
 * Signs an EIP-2612 permit for exactly the payment amount (the gateway's `pay` submits it with that value), valid
 * until the payment's deadline. A permit sets the allowance: the flow signs one only while the payer allows the
 * gateway nothing (flow.ts), so it never replaces what a subscription still needs.
 */
export async function signPaymentPermit(
  provider: Eip1193Provider,
  payment: PayablePayment,
  owner: Address,
): Promise<GatewayPermit> {
  const [domain, nonce] = await Promise.all([
    readPermitDomain(provider, payment.tokenAddress, payment.chainId),
    readTokenNonce(provider, payment.tokenAddress, owner),
  ]);
  if (!domain) throw new TokenDomainUnknown(`the EIP-712 domain of ${payment.tokenAddress} is unknown`);
  const deadline = BigInt(payment.deadline);
  const signature = await signTypedData(provider, owner, {
    domain: { ...domain, chainId: payment.chainId, verifyingContract: payment.tokenAddress },
    types: permitTypes,
    primaryType: "Permit",
    message: { owner, spender: payment.gatewayAddress, value: BigInt(payment.amount), nonce, deadline },
  });
  return { deadline, ...splitSignature(signature) };
}

/** The relay body's `forwardRequest`: strings for numbers, signed by the payer. */
export interface SignedForwardRequest {
  from: Address;
  to: Address;
  value: string;
  gas: string;
  nonce: string;
  deadline: string;
  data: Hex;
  signature: Hex;
}

/** Signs an ERC2771Forwarder ForwardRequest that calls `pay()` with `data` on the payment's gateway. */
export async function signForwardRequest(
  provider: Eip1193Provider,
  payment: PayablePayment & { forwarderAddress: Address },
  from: Address,
  data: Hex,
): Promise<SignedForwardRequest> {
  const nonce = await readForwarderNonce(provider, payment.forwarderAddress, from);
  const message = {
    from,
    to: payment.gatewayAddress,
    value: 0n,
    gas: FORWARD_GAS,
    nonce,
    deadline: BigInt(payment.deadline),
    data,
  };
  const signature = await signTypedData(provider, from, {
    domain: forwarderDomain(payment.chainId, payment.forwarderAddress) as {
      name: string;
      version: string;
      chainId: number;
      verifyingContract: Address;
    },
    types: forwardRequestTypes,
    primaryType: "ForwardRequest",
    message,
  });
  return {
    from,
    to: message.to,
    value: "0",
    gas: message.gas.toString(),
    nonce: nonce.toString(),
    deadline: message.deadline.toString(),
    data,
    signature,
  };
}

export function splitSignature(signature: Hex): { v: number; r: Hex; s: Hex } {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature))
    throw new WalletError("the wallet returned a malformed signature", undefined);
  const v = Number.parseInt(signature.slice(130, 132), 16);
  return { r: `0x${signature.slice(2, 66)}`, s: `0x${signature.slice(66, 130)}`, v: v < 27 ? v + 27 : v };
}

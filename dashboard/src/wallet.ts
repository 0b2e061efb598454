/**
 * Sign-In with Ethereum from the browser's wallet: EIP-6963 discovery (window.ethereum as a fallback),
 * then `eth_requestAccounts`, the server's nonce, and `personal_sign` of the EIP-4361 message.
 */
import { getAddress } from "viem";
import { ApiError, api, type Session } from "./api.js";

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export interface InjectedWallet {
  name: string;
  provider: Eip1193Provider;
  /** `kassa dev`'s funded account, not the browser's: `name` is its label. */
  dev?: boolean;
}

/** The wallets the page found, `kassa dev`'s, and the one that signed in (it sends refunds). */
let wallets: InjectedWallet[] = [];
let devWallets: InjectedWallet[] = [];
let signedInWith: Eip1193Provider | undefined;

/** The wallet that signed in; after a reload (the session outlives the page), the first the page has. */
function signedInWallet(): Eip1193Provider {
  const provider = signedInWith ?? [...wallets, ...devWallets][0]?.provider;
  if (!provider) throw new Error("no wallet found in this browser");
  return provider;
}

/**
 * The wallets the page can see: those announced by EIP-6963, else window.ethereum, and after them `dev`
 * (`kassa dev`'s accounts, which the page offers when the server gives them).
 */
export function discoverWallets(
  onChange: (wallets: InjectedWallet[]) => void,
  dev: InjectedWallet[] = [],
): void {
  wallets = [];
  devWallets = dev;
  const legacy = (window as { ethereum?: Eip1193Provider }).ethereum;
  if (legacy) wallets.push({ name: "Browser wallet", provider: legacy });
  window.addEventListener("eip6963:announceProvider", (event) => {
    const detail = (event as CustomEvent<{ info: { name: string }; provider: Eip1193Provider }>).detail;
    if (wallets.some((wallet) => wallet.provider === detail.provider)) return;
    // An announced wallet replaces the anonymous window.ethereum, which is usually the same one.
    if (wallets[0]?.provider === legacy) wallets.shift();
    wallets.push({ name: detail.info.name, provider: detail.provider });
    onChange([...wallets, ...dev]);
  });
  window.dispatchEvent(new Event("eip6963:requestProvider"));
  onChange([...wallets, ...dev]);
}

function utf8Hex(text: string): string {
  return `0x${[...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The EIP-4361 message, in the layout Kassa parses. The address is written EIP-55 checksummed, as EIP-4361
 * requires (wallets answer `eth_requestAccounts` in lowercase, which the reference `siwe` library refuses).
 */
export function signInMessage(fields: {
  domain: string;
  address: string;
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: Date;
}): string {
  return [
    `${fields.domain} wants you to sign in with your Ethereum account:`,
    getAddress(fields.address),
    "",
    "Sign in to the Kassa dashboard.",
    "",
    `URI: ${fields.uri}`,
    "Version: 1",
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
  ].join("\n");
}

export interface MerchantChoice {
  merchantId: string;
  name: string;
}

/** Signed in, or a wallet registered for several merchants: the same signed message signs in to the one chosen. */
export type SignInResult =
  { session: Session } | { merchants: MerchantChoice[]; choose(merchantId: string): Promise<Session> };

/** The merchants Kassa names when the wallet may sign in to several ("one of mch_... (Name), ..."). */
function merchantChoices(error: unknown): MerchantChoice[] {
  if (!(error instanceof ApiError) || error.code !== "VALIDATION_ERROR") return [];
  const detail = error.details.find((entry) => entry.path[0] === "merchantId");
  return [...(detail?.message ?? "").matchAll(/(mch_[0-9A-Za-z_-]+) \(([^)]*)\)/g)].map((match) => ({
    merchantId: match[1] as string,
    name: match[2] as string,
  }));
}

export async function signInWithEthereum(provider: Eip1193Provider): Promise<SignInResult> {
  const accounts = (await provider.request({ method: "eth_requestAccounts" })) as string[];
  const address = accounts[0];
  if (!address) throw new Error("the wallet shared no account");
  const walletChainId = Number(await provider.request({ method: "eth_chainId" }));
  const { nonce, domain, uri, chainIds } = await api<{
    nonce: string;
    domain: string;
    uri: string;
    chainIds: number[];
  }>("/dashboard/nonce");
  // The message must name a chain Kassa serves: the wallet's own when it is one, else Kassa's first.
  const chainId = chainIds.includes(walletChainId) ? walletChainId : (chainIds[0] ?? walletChainId);
  const message = signInMessage({ domain, address, uri, chainId, nonce, issuedAt: new Date() });
  const signature = (await provider.request({
    method: "personal_sign",
    params: [utf8Hex(message), address],
  })) as string;
  const signIn = async (merchantId?: string) => {
    const session = await api<Session>("/dashboard/session", {
      method: "POST",
      json: { message, signature, ...(merchantId ? { merchantId } : {}) },
    });
    signedInWith = provider;
    return session;
  };
  try {
    return { session: await signIn() };
  } catch (error) {
    const merchants = merchantChoices(error);
    if (merchants.length === 0) throw error;
    return { merchants, choose: signIn };
  }
}

export interface RefundToSend {
  id: string;
  amount: string;
  tokenAddress: string;
  transaction: { chainId: number; to: string; data: string };
}

/** ERC-20 `approve(spender, amount)` calldata. */
function approveData(spender: string, amount: bigint): string {
  return `0x095ea7b3${spender.slice(2).toLowerCase().padStart(64, "0")}${amount.toString(16).padStart(64, "0")}`;
}

/** Bounded wait for a transaction's receipt (polled through the wallet, once a second, up to 5 minutes). */
async function mined(provider: Eip1193Provider, hash: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const receipt = (await provider.request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
      status: string;
    } | null;
    if (receipt) {
      if (receipt.status !== "0x1") throw new Error(`transaction ${hash} reverted`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`transaction ${hash} is not mined yet: check your wallet`);
}

/** Signs EIP-712 typed data (`eth_signTypedData_v4`) with the signed-in wallet: a late deposit's return. */
export async function signTypedData(typedData: {
  domain: object;
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  message: object;
}): Promise<string> {
  const provider = signedInWallet();
  const [from] = (await provider.request({ method: "eth_requestAccounts" })) as string[];
  const domainType = [
    { name: "name", type: "string" },
    { name: "version", type: "string" },
    { name: "chainId", type: "uint256" },
    { name: "verifyingContract", type: "address" },
  ];
  const data = { ...typedData, types: { EIP712Domain: domainType, ...typedData.types } };
  return (await provider.request({
    method: "eth_signTypedData_v4",
    params: [from, JSON.stringify(data)],
  })) as string;
}

/**
 * Sends a refund from the recipient wallet: `approve` of the gateway for the amount, then the signed
 * `refund()` call Kassa prepared. Answers the refund transaction's hash.
 */
export async function sendRefund(refund: RefundToSend): Promise<string> {
  const provider = signedInWallet();
  const [from] = (await provider.request({ method: "eth_requestAccounts" })) as string[];
  const { chainId, to, data } = refund.transaction;
  if (Number(await provider.request({ method: "eth_chainId" })) !== chainId) {
    await provider.request({
      method: "wallet_switchEthereumChain",
      params: [{ chainId: `0x${chainId.toString(16)}` }],
    });
  }
  const approval = (await provider.request({
    method: "eth_sendTransaction",
    params: [{ from, to: refund.tokenAddress, data: approveData(to, BigInt(refund.amount)) }],
  })) as string;
  await mined(provider, approval);
  const hash = (await provider.request({
    method: "eth_sendTransaction",
    params: [{ from, to, data, value: "0x0" }],
  })) as string;
  await mined(provider, hash);
  return hash;
}

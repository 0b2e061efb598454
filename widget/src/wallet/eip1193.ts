/** EIP-1193 providers, found by EIP-6963 announcements first and `window.ethereum` second. */

export interface RequestArguments {
  method: string;
  params?: readonly unknown[] | object;
}

export interface Eip1193Provider {
  request(args: RequestArguments): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): unknown;
  removeListener?(event: string, listener: (...args: never[]) => void): unknown;
}

/** EIP-6963 `EIP6963ProviderInfo`. */
export interface ProviderInfo {
  uuid: string;
  name: string;
  /** A data URI (RFC 2397). */
  icon: string;
  rdns: string;
}

export interface DiscoveredWallet {
  /** Stable id within this page: the EIP-6963 uuid, `injected` or `dev:<n>`. */
  id: string;
  name: string;
  icon?: string;
  provider: Eip1193Provider;
}

interface AnnounceEvent extends Event {
  detail: { info: ProviderInfo; provider: Eip1193Provider };
}

/**
 * Listens for EIP-6963 announcements and asks wallets to announce. `onChange` gets the current
 * list each time it grows; `window.ethereum` is appended when no announced wallet is the same object.
 * Returns a function that stops listening.
 */
export function discoverWallets(onChange: (wallets: DiscoveredWallet[]) => void): () => void {
  const announced = new Map<string, DiscoveredWallet>();
  const list = (): DiscoveredWallet[] => {
    const wallets = [...announced.values()];
    const injected = (window as { ethereum?: Eip1193Provider }).ethereum;
    if (injected && !wallets.some((wallet) => wallet.provider === injected)) {
      wallets.push({ id: "injected", name: "", provider: injected });
    }
    return wallets;
  };
  const onAnnounce = (event: Event) => {
    const { detail } = event as AnnounceEvent;
    if (!detail?.info?.uuid || typeof detail.provider?.request !== "function") return;
    // Only data: icons; anything else could load from anywhere (and CSP refuses it anyway).
    const icon = /^data:image\//.test(detail.info.icon) ? detail.info.icon : undefined;
    announced.set(detail.info.uuid, {
      id: detail.info.uuid,
      name: String(detail.info.name).slice(0, 60),
      ...(icon ? { icon } : {}),
      provider: detail.provider,
    });
    onChange(list());
  };
  window.addEventListener("eip6963:announceProvider", onAnnounce);
  window.dispatchEvent(new Event("eip6963:requestProvider"));
  onChange(list());
  return () => window.removeEventListener("eip6963:announceProvider", onAnnounce);
}

/** An error a wallet returned (EIP-1193 `ProviderRpcError`), kept with its code. */
export class WalletError extends Error {
  override name = "WalletError";
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
  }
}

/** 4001: the user rejected the request (EIP-1193). */
export const USER_REJECTED = 4001;
/** 4902: the chain is not added to the wallet (EIP-3326 practice). */
export const UNRECOGNIZED_CHAIN = 4902;

function errorCode(error: unknown): number | undefined {
  const candidates = [
    error,
    (error as { data?: { originalError?: unknown } })?.data?.originalError,
    (error as { cause?: unknown })?.cause,
  ];
  for (const candidate of candidates) {
    const code = (candidate as { code?: unknown })?.code;
    if (typeof code === "number") return code;
  }
  return undefined;
}

export async function request<T>(provider: Eip1193Provider, method: string, params?: unknown[]): Promise<T> {
  try {
    return (await provider.request(params === undefined ? { method } : { method, params })) as T;
  } catch (error) {
    const message = (error as { message?: unknown })?.message;
    throw new WalletError(typeof message === "string" ? message : String(error), errorCode(error));
  }
}

export function isUserRejection(error: unknown): boolean {
  return error instanceof WalletError && error.code === USER_REJECTED;
}

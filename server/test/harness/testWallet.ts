import { parseTypedDataJson } from "@kassa/widget/typed-data";
import { testSmartWalletAbi, wrapErc6492Signature } from "@kassa/contracts";
import { createSmartWalletCalldata, signAsSmartWallet } from "@kassa/contracts/dev";
import { createWalletClient, hashTypedData, http, numberToHex, type Address, type Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import type { TestChain } from "./chain.js";
import type { BrowserContext } from "./browser.js";

/**
 * The payer's wallet in the browser tests: an EIP-1193 provider injected into every page of a
 * browser context and announced by EIP-6963, backed by an anvil account. Requests are answered in
 * Node: signatures with the viem account, transactions signed locally and sent to anvil, reads
 * forwarded to anvil.
 */
export interface TestWalletOptions {
  chain: TestChain;
  account: PrivateKeyAccount;
  /** The chain the wallet starts on; default the anvil chain. */
  startChainId?: number;
  /** Methods whose next call the payer rejects (EIP-1193 code 4001). */
  reject?: string[];
  /**
   * A Coinbase-Smart-Wallet-like test wallet owned by `account` (deployed or not, at `address`): the page sees its
   * address, signatures are its ERC-1271 ones (ERC-6492 while it has no code), and its transactions are the
   * owner's calls of its `execute`.
   */
  smartWallet?: { address: Address; factory: Address; nonce: bigint };
}

export interface WalletCall {
  method: string;
  params: unknown[];
}

interface WalletAnswer {
  result?: unknown;
  error?: { code: number; message: string };
  /** Provider events the page emits after answering, e.g. chainChanged. */
  events?: [string, unknown][];
}

const BINDING = "__kassaTestWallet";

/** Runs in the page before any of its scripts. */
function injectedProvider(binding: string): void {
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  const call = (window as unknown as Record<string, (json: string) => Promise<string>>)[binding];
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      const answer = JSON.parse(
        await call!(JSON.stringify({ method, params: params ?? [] })),
      ) as WalletAnswer;
      setTimeout(() => {
        for (const [event, data] of answer.events ?? [])
          listeners.get(event)?.forEach((listener) => listener(data));
      }, 0);
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
      return answer.result;
    },
    on(event: string, listener: (data: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event: string, listener: (data: unknown) => void) {
      listeners.get(event)?.delete(listener);
    },
  };
  const info = Object.freeze({
    uuid: "6f1c5a3e-6b5e-4a4e-9a53-6b1d0f6c2b11",
    name: "Kassa Test Wallet",
    icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'%3E%3Crect width='10' height='10' rx='2' fill='%233b3fd8'/%3E%3C/svg%3E",
    rdns: "dev.kassa.testwallet",
  });
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }),
    );
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
}

export class TestWallet {
  readonly calls: WalletCall[] = [];
  readonly sentTransactions: Hex[] = [];
  chainId: number;
  private readonly known: Set<number>;
  private readonly rejections: string[];
  private readonly client;

  constructor(private readonly options: TestWalletOptions) {
    this.chainId = options.startChainId ?? options.chain.chainId;
    this.known = new Set([options.chain.chainId, this.chainId]);
    this.rejections = [...(options.reject ?? [])];
    this.client = createWalletClient({
      account: options.account,
      chain: options.chain.chain,
      transport: http(options.chain.rpcUrl),
    });
  }

  get address(): Address {
    return this.options.smartWallet?.address ?? this.options.account.address;
  }

  /** The smart wallet's signature of `hash`: ERC-1271, wrapped in ERC-6492 while the wallet has no code. */
  private async smartWalletSignature(hash: Hex): Promise<Hex> {
    const { account, chain, smartWallet } = this.options;
    if (!smartWallet) throw new Error("not a smart wallet");
    const signature = await signAsSmartWallet(account, {
      chainId: chain.chainId,
      wallet: smartWallet.address,
      hash,
    });
    const code = await chain.publicClient.getCode({ address: smartWallet.address });
    if (code && code !== "0x") return signature;
    return wrapErc6492Signature({
      factory: smartWallet.factory,
      factoryCalldata: createSmartWalletCalldata(account.address, smartWallet.nonce),
      signature,
    });
  }

  /** The payer rejects the next call of `method`. */
  rejectNext(method: string): void {
    this.rejections.push(method);
  }

  methods(): string[] {
    return this.calls.map((call) => call.method);
  }

  async install(context: BrowserContext): Promise<void> {
    await context.exposeFunction(BINDING, async (json: string) => JSON.stringify(await this.answer(json)));
    await context.addInitScript(injectedProvider, BINDING);
  }

  private async answer(json: string): Promise<WalletAnswer> {
    const { method, params } = JSON.parse(json) as WalletCall;
    this.calls.push({ method, params });
    const rejection = this.rejections.indexOf(method);
    if (rejection >= 0) {
      this.rejections.splice(rejection, 1);
      return { error: { code: 4001, message: "User rejected the request." } };
    }
    try {
      return await this.handle(method, params);
    } catch (error) {
      return { error: { code: -32603, message: (error as Error).message } };
    }
  }

  private async handle(method: string, params: unknown[]): Promise<WalletAnswer> {
    const { account, chain } = this.options;
    switch (method) {
      case "eth_requestAccounts":
      case "eth_accounts":
        return { result: [this.address] };
      case "eth_chainId":
        return { result: numberToHex(this.chainId) };
      case "wallet_switchEthereumChain": {
        const wanted = Number((params[0] as { chainId: string }).chainId);
        if (!this.known.has(wanted))
          return { error: { code: 4902, message: `Unrecognized chain ${wanted}` } };
        this.chainId = wanted;
        return { result: null, events: [["chainChanged", numberToHex(wanted)]] };
      }
      case "wallet_addEthereumChain": {
        const wanted = Number((params[0] as { chainId: string }).chainId);
        this.known.add(wanted);
        this.chainId = wanted;
        return { result: null, events: [["chainChanged", numberToHex(wanted)]] };
      }
      case "personal_sign":
        // EIP-1193 order: the message (hex of its bytes), then the address.
        return { result: await account.signMessage({ message: { raw: params[0] as Hex } }) };
      case "eth_signTypedData_v4": {
        const typedData = parseTypedDataJson(String(params[1]));
        return {
          result: this.options.smartWallet
            ? await this.smartWalletSignature(hashTypedData(typedData))
            : await account.signTypedData(typedData),
        };
      }
      case "eth_sendTransaction": {
        if (this.chainId !== chain.chainId) throw new Error(`wallet is on chain ${this.chainId}`);
        const tx = params[0] as { to: Address; data?: Hex; value?: Hex };
        const value = tx.value ? BigInt(tx.value) : 0n;
        const { smartWallet } = this.options;
        const hash = smartWallet
          ? await this.client.writeContract({
              address: smartWallet.address,
              abi: testSmartWalletAbi,
              functionName: "execute",
              args: [tx.to, value, tx.data ?? "0x"],
            })
          : await this.client.sendTransaction({ to: tx.to, ...(tx.data ? { data: tx.data } : {}), value });
        this.sentTransactions.push(hash);
        return { result: hash };
      }
      default:
        if (this.chainId !== chain.chainId) throw new Error(`wallet is on chain ${this.chainId}, not anvil`);
        return { result: await chain.publicClient.request({ method, params } as never) };
    }
  }
}

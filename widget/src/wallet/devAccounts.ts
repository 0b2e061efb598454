/**
 * `kassa dev` only: the funded local accounts a page offers beside the browser's wallets (the widget, the
 * subscribe page, the payer's /subscriptions and the dashboard), each an EIP-1193 provider that loads the dev
 * wallet module (served at `script` only under `kassa dev`) on its first request. No page downloads it, or
 * viem's signing code, unless a dev account is used; a release never offers them (it has no `kassa dev`).
 */
import type { DevWalletConfig } from "../config.js";
import type { createDevWallet } from "./devWallet.js";
import type { Eip1193Provider } from "./eip1193.js";

export interface DevAccount {
  /** `dev:<n>`, as a discovered wallet's id. */
  id: string;
  /** `Payer 1`, `Demo Shop's recipient`: what the server named it. */
  label: string;
  provider: Eip1193Provider;
}

export function devAccounts(config: DevWalletConfig | undefined, script: string | undefined): DevAccount[] {
  if (!config || !script) return [];
  let module: Promise<{ createDevWallet: typeof createDevWallet }> | undefined;
  return config.accounts.map((account, index) => {
    let wallet: Promise<Eip1193Provider> | undefined;
    return {
      id: `dev:${index}`,
      label: account.label ?? `#${index + 1}`,
      provider: {
        async request(args) {
          wallet ??= (module ??= import(
            /* a URL served with the page, not a module of this bundle */ script
          )).then((loaded) => loaded.createDevWallet(config, account.privateKey));
          return (await wallet).request(args);
        },
      },
    };
  });
}

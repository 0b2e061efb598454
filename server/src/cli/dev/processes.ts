import { AnvilStartError, startAnvil, type AnvilInstance } from "@kassa/contracts/dev";
import type { RunningShop, startShop as StartShop } from "@kassa/example-shop";
import { DEV_CHAIN_ID, PREFERRED_RPC_PORT, SHOP_PORT, type SeededEnvironment } from "./settings.js";

/** The local chain and the example shop that `kassa dev` runs beside Kassa. */

export async function startDevAnvil(statePath: string): Promise<AnvilInstance> {
  const options = { chainId: DEV_CHAIN_ID, statePath };
  try {
    return await startAnvil({ ...options, port: PREFERRED_RPC_PORT });
  } catch (error) {
    if (!(error instanceof AnvilStartError)) throw error;
    return startAnvil(options);
  }
}

/**
 * The example shop of examples/shop beside Kassa, on port 4000 (or a free one), when that workspace is
 * there: it is a demo, not part of the service.
 */
export async function startExampleShop(
  env: SeededEnvironment,
  kassaUrl: string,
  storeFile: string,
): Promise<RunningShop | undefined> {
  let startShop: typeof StartShop;
  try {
    ({ startShop } = await import("@kassa/example-shop"));
  } catch {
    return undefined;
  }
  const options = {
    kassaUrl,
    apiKey: env.merchant.apiKey,
    publicKey: env.merchant.publicKey,
    webhookSecret: env.merchant.webhookSecret,
    tokenAddress: env.tokens.permit18.address,
    storeFile,
    log: () => {},
  };
  try {
    return await startShop({ ...options, port: SHOP_PORT });
  } catch {
    return startShop({ ...options, port: 0 });
  }
}

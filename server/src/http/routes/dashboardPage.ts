import type { DevWalletConfig, DevWalletPageConfig } from "@kassa/widget/config";
import type { FastifyInstance } from "fastify";
import { loadDashboardBundle as loadBundle, loadWidgetBundle, type AppBundle } from "../bundles.js";
import { appPage, appPageCsp, dataBlock, sendAsset } from "./appPages.js";

export interface DashboardServeOptions {
  /**
   * `kassa dev` only: the sign-in offers a "Dev wallet" that signs with these funded accounts (the demo
   * merchant's recipient), loaded from the widget's dev wallet module (served where the widget offers one).
   */
  devWallet?: DevWalletConfig;
}

/**
 * The merchant dashboard at `/dashboard` (the page) and `/dashboard/assets/:name` (its script and
 * stylesheet), bundled ahead by the build (http/bundles.ts reads them). It signs in with a wallet and
 * calls the merchant API with the session cookie; the API key never reaches the browser.
 */
const ASSETS = "/dashboard/assets/";

function page(bundle: AppBundle, config: DevWalletPageConfig): string {
  return appPage({
    title: "Kassa dashboard",
    assets: ASSETS,
    pageStyle: bundle.pageStyle,
    pageScript: bundle.pageScript,
    // Read by dashboard/src/main.ts.
    head: [`<script type="application/json" id="kassa-dashboard-config">${dataBlock(config)}</script>`],
    rootId: "kassa-dashboard",
    noscript: "The Kassa dashboard needs JavaScript.",
  });
}

export function dashboardPageRoutes(options: DashboardServeOptions = {}) {
  const { devWallet } = options;
  /**
   * Strict: only Kassa's own scripts, styles and API (and, under `kassa dev`, the dev wallet's local chain);
   * never framed (the dashboard changes keys and webhook settings, so no other site may overlay it).
   */
  const pageHelmet = {
    contentSecurityPolicy: appPageCsp(
      ["'self'", ...(devWallet ? [new URL(devWallet.rpcUrl).origin] : [])],
      ["'none'"],
    ),
    frameguard: { action: "deny" },
  } as const;
  return async (app: FastifyInstance) => {
    app.get("/dashboard", { helmet: pageHelmet, schema: { hide: true } }, async (_request, reply) => {
      const bundle = await loadBundle();
      const config: DevWalletPageConfig = devWallet
        ? { devWallet, devWalletScript: `/widget/assets/${(await loadWidgetBundle()).devWalletScript}` }
        : {};
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(page(bundle, config));
    });

    app.get<{ Params: { name: string } }>(
      `${ASSETS}:name`,
      { schema: { hide: true } },
      async (request, reply) => {
        const asset = (await loadBundle()).assets.get(request.params.name);
        if (!asset) return reply.callNotFound();
        // Names carry a content hash: cache forever.
        return sendAsset(request, reply, asset, "public, max-age=31536000, immutable");
      },
    );
  };
}

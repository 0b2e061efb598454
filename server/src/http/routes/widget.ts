import type { DevWalletConfig, ChainParams, WidgetPageConfig } from "@kassa/widget/config";
import type { FastifyInstance } from "fastify";
import { loadWidgetBundle as loadBundle, type WidgetBundle } from "../bundles.js";
import { appPage, appPageCsp, dataBlock, FAVICON_SVG, sendAsset } from "./appPages.js";

/**
 * The payer widget at the root (not under /api/v1): `/widget` (the page), `/widget/assets/:name`
 * (its script, stylesheet, the dev wallet module and the subscribe page's script), `/widget.js` (the
 * merchant embed script), `/subscribe/:id` (a subscription's hosted page, with the widget's stylesheet) and
 * `/subscriptions` (the payer's subscriptions page, drawn by the same script).
 * The files were bundled ahead by the build (http/bundles.ts reads them).
 */
export interface WidgetServeOptions {
  /** `kassa dev` only: the page offers a "Dev wallet" that signs with these funded accounts. */
  devWallet?: DevWalletConfig;
  /** Chains a wallet may be asked to add, besides the public testnets the widget knows (e.g. anvil). */
  chains?: ChainParams[];
}

const ASSETS = "/widget/assets/";

function page(bundle: WidgetBundle, config: WidgetPageConfig, subscribe = false): string {
  return appPage({
    title: subscribe ? "Kassa subscription" : "Kassa payment",
    assets: ASSETS,
    pageStyle: bundle.pageStyle,
    pageScript: subscribe ? bundle.subscribeScript : bundle.pageScript,
    head: [`<script type="application/json" id="kassa-widget-config">${dataBlock(config)}</script>`],
    rootId: "kassa-root",
    noscript: "This payment page needs JavaScript.",
  });
}

export function widgetRoutes(options: WidgetServeOptions = {}) {
  const connectSrc = ["'self'", ...(options.devWallet ? [new URL(options.devWallet.rpcUrl).origin] : [])];
  // The page may be framed by any merchant (iframe mode) and must keep its opener (popup mode).
  const pageHelmet = {
    contentSecurityPolicy: appPageCsp(connectSrc, ["*"]),
    frameguard: false,
    crossOriginOpenerPolicy: { policy: "unsafe-none" },
    crossOriginResourcePolicy: { policy: "cross-origin" },
  } as const;
  // The subscribe page is opened by its own address, never framed.
  const subscribeHelmet = { contentSecurityPolicy: appPageCsp(connectSrc, ["'none'"]) } as const;
  // Loaded by merchants' pages from their own origin.
  const crossOrigin = { crossOriginResourcePolicy: { policy: "cross-origin" } } as const;

  return async (app: FastifyInstance) => {
    // Browsers ask every origin for it; a 404 is a console error on each page without an icon of its own.
    app.get("/favicon.ico", { schema: { hide: true } }, async (_request, reply) =>
      reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(FAVICON_SVG),
    );
    // Every page that asks for a wallet offers the dev wallets where `kassa dev` gives them.
    const pageConfig = (bundle: WidgetBundle): WidgetPageConfig => ({
      apiBase: "/api/v1",
      ...(options.devWallet
        ? { devWallet: options.devWallet, devWalletScript: `${ASSETS}${bundle.devWalletScript}` }
        : {}),
      ...(options.chains ? { chains: options.chains } : {}),
    });

    app.get("/widget", { helmet: pageHelmet, schema: { hide: true } }, async (_request, reply) => {
      const bundle = await loadBundle();
      const config = pageConfig(bundle);
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(page(bundle, config));
    });

    // The page reads the subscription itself (GET /public/subscriptions/:id): an unknown id is its own message.
    // `/subscriptions`: the payer's page, drawn by the same script, where a payer signs in with their wallet.
    for (const path of ["/subscribe/:id", "/subscriptions"]) {
      app.get(path, { helmet: subscribeHelmet, schema: { hide: true } }, async (_request, reply) => {
        const bundle = await loadBundle();
        const config = pageConfig(bundle);
        return reply
          .header("content-type", "text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .send(page(bundle, config, true));
      });
    }

    app.get<{ Params: { name: string } }>(
      `${ASSETS}:name`,
      { helmet: crossOrigin, schema: { hide: true } },
      async (request, reply) => {
        const bundle = await loadBundle();
        const asset = bundle.assets.get(request.params.name);
        if (!asset || (request.params.name === bundle.devWalletScript && !options.devWallet)) {
          return reply.callNotFound();
        }
        // Names carry a content hash: cache forever.
        return sendAsset(request, reply, asset, "public, max-age=31536000, immutable");
      },
    );

    app.get("/widget.js", { helmet: crossOrigin, schema: { hide: true } }, async (request, reply) => {
      const bundle = await loadBundle();
      return sendAsset(request, reply, bundle.embedScript, "public, max-age=300");
    });
  };
}

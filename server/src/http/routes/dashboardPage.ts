import type { FastifyInstance } from "fastify";
import { loadDashboardBundle as loadBundle, type AppBundle } from "../bundles.js";
import { appPage, appPageCsp, sendAsset } from "./appPages.js";

/**
 * The merchant dashboard at `/dashboard` (the page) and `/dashboard/assets/:name` (its script and
 * stylesheet), bundled ahead by the build (http/bundles.ts reads them). It signs in with a wallet and
 * calls the merchant API with the session cookie; the API key never reaches the browser.
 */
const ASSETS = "/dashboard/assets/";

function page(bundle: AppBundle): string {
  return appPage({
    title: "Kassa dashboard",
    assets: ASSETS,
    pageStyle: bundle.pageStyle,
    pageScript: bundle.pageScript,
    rootId: "kassa-dashboard",
    noscript: "The Kassa dashboard needs JavaScript.",
  });
}

/**
 * Strict: only Kassa's own scripts, styles and API; never framed (the dashboard changes keys and
 * webhook settings, so no other site may overlay it).
 */
const pageHelmet = {
  contentSecurityPolicy: appPageCsp(["'self'"], ["'none'"]),
  frameguard: { action: "deny" },
} as const;

export function dashboardPageRoutes() {
  return async (app: FastifyInstance) => {
    app.get("/dashboard", { helmet: pageHelmet, schema: { hide: true } }, async (_request, reply) => {
      const bundle = await loadBundle();
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(page(bundle));
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

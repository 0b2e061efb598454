import type { DashboardBundle } from "@kassa/dashboard/build";
import type { FastifyInstance } from "fastify";

/**
 * The merchant dashboard at `/dashboard` (the page) and `/dashboard/assets/:name` (its script and
 * stylesheet), bundled in memory from dashboard/src by esbuild on first use (dashboard/build.ts). It
 * signs in with a wallet and calls the merchant API with the session cookie; the API key never
 * reaches the browser.
 */
async function loadBundle(): Promise<DashboardBundle> {
  // Imported lazily: an API that never serves the dashboard never loads esbuild.
  const { loadDashboardBundle } = await import("@kassa/dashboard/build");
  return loadDashboardBundle();
}

const ASSETS = "/dashboard/assets/";

const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#3b3fd8"/>' +
    '<path d="M11 8v16M11 16l9-8M11 16l9 8" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round"/></svg>',
)}`;

function page(bundle: DashboardBundle): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    "<title>Kassa dashboard</title>",
    `<link rel="icon" type="image/svg+xml" href="${FAVICON}">`,
    `<link rel="stylesheet" href="${ASSETS}${bundle.pageStyle}">`,
    `<script type="module" src="${ASSETS}${bundle.pageScript}"></script>`,
    "</head>",
    "<body>",
    '<div id="kassa-dashboard"><p>Loading…</p></div>',
    "<noscript>The Kassa dashboard needs JavaScript.</noscript>",
    "</body>",
    "</html>",
  ].join("\n");
}

/**
 * Strict: only Kassa's own scripts, styles and API; never framed (the dashboard changes keys and
 * webhook settings, so no other site may overlay it).
 */
const pageHelmet = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
  },
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
        reply
          .header("content-type", asset.contentType)
          .header("etag", asset.etag)
          // Names carry a content hash: cache forever.
          .header("cache-control", "public, max-age=31536000, immutable");
        if (request.headers["if-none-match"] === asset.etag) return reply.code(304).send();
        return reply.send(Buffer.from(asset.contents));
      },
    );
  };
}

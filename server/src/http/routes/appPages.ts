import type { FastifyReply, FastifyRequest } from "fastify";

/** The HTML page and the asset answers of Kassa's two browser apps, the widget and the dashboard. */

/** Kassa's icon. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#3b3fd8"/>' +
  '<path d="M11 8v16M11 16l9-8M11 16l9 8" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round"/></svg>';

/**
 * The apps' icon, inline (the CSP allows `data:` images): no extra request. Pages without it (the
 * payment-link page, the API docs) get the same icon at /favicon.ico.
 */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}`;

export interface AppPage {
  title: string;
  /** The bundle's stylesheet and module script, under `assets`. */
  assets: string;
  pageStyle: string;
  pageScript: string;
  /** Head elements between the stylesheet and the script (the widget's configuration). */
  head?: string[];
  /** The element the script renders into. */
  rootId: string;
  noscript: string;
}

/** JSON inside <script type="application/json">: `<` escaped so no value can close the element. */
export function dataBlock(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The app's HTML page: its icon, stylesheet and script, and the root element it renders into. */
export function appPage(page: AppPage): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${page.title}</title>`,
    `<link rel="icon" type="image/svg+xml" href="${FAVICON}">`,
    `<link rel="stylesheet" href="${page.assets}${page.pageStyle}">`,
    ...(page.head ?? []),
    `<script type="module" src="${page.assets}${page.pageScript}"></script>`,
    "</head>",
    "<body>",
    `<div id="${page.rootId}"><p>Loading…</p></div>`,
    `<noscript>${page.noscript}</noscript>`,
    "</body>",
    "</html>",
  ].join("\n");
}

/**
 * The pages' Content-Security-Policy: only Kassa's own scripts and styles, inline images, no base or
 * form targets; where they may connect and who may frame them is each app's.
 */
export function appPageCsp(connectSrc: string[], frameAncestors: string[]) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", "data:"],
      connectSrc,
      frameAncestors,
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
  };
}

/** A bundled file with its etag; 304 when the browser has it already. */
export function sendAsset(
  request: FastifyRequest,
  reply: FastifyReply,
  asset: { contents: Uint8Array; contentType: string; etag: string },
  cacheControl: string,
) {
  reply
    .header("content-type", asset.contentType)
    .header("etag", asset.etag)
    .header("cache-control", cacheControl);
  if (request.headers["if-none-match"] === asset.etag) return reply.code(304).send();
  return reply.send(Buffer.from(asset.contents));
}

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export interface Storefront {
  /** http://127.0.0.1:<port>: an origin of its own, as a merchant's storefront is. */
  origin: string;
  close(): Promise<void>;
}

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Kassa mug shop</title></head>
<body>
<h1>Kassa mug shop</h1>
<p id="status">Your cart: one Kassa mug</p>
<button id="checkout">Checkout</button>
<button id="pay">Pay with Kassa</button>
<button id="place">Place order</button>
<button id="again">Try paying again</button>
<script src="/storefront.js"></script>
</body>
</html>`;

/**
 * Serves the storefront page and its script (storefront/main.ts with @kassa/js, bundled by esbuild from the
 * repository's source) on loopback, as Chromium allows a page to reach the loopback Medusa and Kassa from.
 */
export async function startStorefront(): Promise<Storefront> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL("./storefront/main.ts", import.meta.url))],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    conditions: ["@kassa/source"],
    logLevel: "silent",
  });
  const script = bundle.outputFiles[0]!.text;
  const server = createServer((request, response) => {
    const isScript = request.url === "/storefront.js";
    response.writeHead(200, {
      "content-type": isScript ? "text/javascript" : "text/html; charset=utf-8",
      "cache-control": "no-store",
    });
    response.end(isScript ? script : PAGE);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  readWidgetBundle,
  startTestApp,
  startTestChain,
  type TestApp,
  type TestChain,
} from "@kassa/server/harness";
import { measureWidget } from "../build.js";

let chain: TestChain;
let t: TestApp;
let origin: string;
beforeAll(async () => {
  chain = await startTestChain();
  t = await startTestApp(chain);
  origin = new URL(t.baseUrl).origin;
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

describe("the widget served by the app", () => {
  it("serves the page with its config, a CSP that allows framing, and no dev wallet by default", async () => {
    const response = await fetch(`${origin}/widget?publicKey=${t.merchant.publicKey}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors *");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(response.headers.get("x-frame-options")).toBeNull();
    expect(response.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
    const html = await response.text();
    const config = JSON.parse(/id="kassa-widget-config">(.*?)<\/script>/.exec(html)?.[1] ?? "null");
    expect(config).toEqual({ apiBase: "/api/v1" });

    const assets = [...html.matchAll(/(?:href|src)="(\/widget\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets).toHaveLength(2);
    for (const path of assets) {
      const asset = await fetch(`${origin}${path}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toContain("immutable");
      const etag = asset.headers.get("etag") ?? "";
      const again = await fetch(`${origin}${path}`, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
    }
  });

  it("serves the subscribe page with the widget's stylesheet, its own script, and a CSP that refuses framing", async () => {
    const response = await fetch(`${origin}/subscribe/sub_any`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    const html = await response.text();
    const bundle = await readWidgetBundle();
    expect(html).toContain(`href="/widget/assets/${bundle.pageStyle}"`);
    expect(html).toContain(`src="/widget/assets/${bundle.subscribeScript}"`);
    expect(html).not.toContain(bundle.pageScript);
    expect((await fetch(`${origin}/widget/assets/${bundle.subscribeScript}`)).status).toBe(200);
    // Outside `kassa dev` (a release never has it), no dev wallet.
    expect(JSON.parse(/id="kassa-widget-config">(.*?)<\/script>/.exec(html)?.[1] ?? "null")).toEqual({
      apiBase: "/api/v1",
    });
  });

  it("serves /widget.js to any origin and refuses unknown assets and the dev wallet module", async () => {
    const embed = await fetch(`${origin}/widget.js`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(embed.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(await embed.text()).toContain("Kassa");

    const bundle = await readWidgetBundle();
    for (const name of [bundle.devWalletScript, "nope.js"]) {
      const response = await fetch(`${origin}/widget/assets/${name}`);
      expect([response.status, (await response.json()).code]).toEqual([404, "NOT_FOUND"]);
    }
  });

  it("answers /favicon.ico with Kassa's icon, so pages without one of their own log no 404", async () => {
    const icon = await fetch(`${origin}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toMatch(/^<svg /);
  });

  it("keeps what a payer downloads under 150 KB gzipped (what the server serves)", async () => {
    const sizes = measureWidget(await readWidgetBundle());
    expect(sizes.total).toBeLessThan(150 * 1024);
    expect(sizes.subscribe).toBeLessThan(150 * 1024);
  });
});

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadShopConfig } from "@kassa/example-shop";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "kassa-shop-config-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const keys = ["--api-key", "sk_a", "--public-key", "pk_b", "--webhook-secret", "whsec_c"];

describe("loadShopConfig", () => {
  it("reads flags, then SHOP_* variables", () => {
    expect(loadShopConfig(["--kassa-url", "http://k/api/v1", ...keys, "--port", "0"], {})).toEqual({
      kassaUrl: "http://k/api/v1",
      apiKey: "sk_a",
      publicKey: "pk_b",
      webhookSecret: "whsec_c",
      port: 0,
      widgetMode: "popup",
    });
    const fromEnv = loadShopConfig([...keys], { SHOP_KASSA_URL: "http://env/api/v1", SHOP_PORT: "4100" });
    expect(fromEnv).toMatchObject({ kassaUrl: "http://env/api/v1", port: 4100 });
    expect(loadShopConfig(["--help"], {})).toBe("help");
  });

  it("takes Kassa's URL and the merchant's keys from kassa dev's file", async () => {
    const file = join(dir, "dev.json");
    await writeFile(
      file,
      JSON.stringify({
        apiUrl: "http://127.0.0.1:3000/api/v1",
        merchant: { apiKey: "sk_dev", publicKey: "pk_dev", webhookSecret: "whsec_dev" },
      }),
    );
    expect(loadShopConfig(["--dev-file", file, "--api-key", "sk_flag"], {})).toMatchObject({
      kassaUrl: "http://127.0.0.1:3000/api/v1",
      apiKey: "sk_flag",
      publicKey: "pk_dev",
      webhookSecret: "whsec_dev",
      port: 4000,
    });
  });

  it("names what is missing or wrong", () => {
    expect(() => loadShopConfig(["--api-key", "sk_a"], {})).toThrow(
      /--kassa-url, --public-key, --webhook-secret/,
    );
    expect(() => loadShopConfig(["--kassa-url", "http://k", ...keys, "--port", "x"], {})).toThrow(/--port/);
    expect(() => loadShopConfig(["--kassa-url", "http://k", ...keys, "--widget-mode", "tab"], {})).toThrow(
      /--widget-mode/,
    );
    expect(() => loadShopConfig(["--dev-file", join(dir, "missing.json")], {})).toThrow(/npm start/);
  });
});

describe("loadShopConfig beside `npm start`", () => {
  it("uses the default dev file when it exists and no Kassa URL is given", async () => {
    const file = join(dir, "default-dev.json");
    await writeFile(
      file,
      JSON.stringify({
        apiUrl: "http://dev/api/v1",
        merchant: { apiKey: "sk_d", publicKey: "pk_d", webhookSecret: "whsec_d" },
      }),
    );
    expect(loadShopConfig([], {}, { devFile: file })).toMatchObject({
      kassaUrl: "http://dev/api/v1",
      apiKey: "sk_d",
    });
    expect(() => loadShopConfig(["--kassa-url", "http://other/api/v1"], {}, { devFile: file })).toThrow(
      /--api-key/,
    );
    expect(() => loadShopConfig([], {}, { devFile: join(dir, "absent.json") })).toThrow(/--kassa-url/);
  });
});

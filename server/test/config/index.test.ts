import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, listenHost, loadConfig } from "../../src/config/index.js";
import { Secret } from "../../src/secret.js";

const signerKey = `0x${"ab".repeat(32)}`;

describe("loadConfig", () => {
  it("applies defaults to an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      databaseUrl: undefined,
      port: 3000,
      host: undefined,
      allowedWidgetOrigin: undefined,
      signerPrivateKey: undefined,
      logLevel: "info",
      rateLimitPerMinute: 600,
    });
    expect(config.rpcUrls.size).toBe(0);
    expect(listenHost(config)).toBe("0.0.0.0");
    // Every client timeout on (Fastify leaves the request and socket ones off), headers within the request's.
    expect(config.http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 72_000,
      connectionTimeoutMs: 120_000,
      maxStatusStreams: 5_000,
    });
    expect(config.workerLiveness).toEqual({ heartbeatIntervalMs: 5_000, deadAfterMs: 30_000 });
  });

  it("reads every variable, RPC URLs per network id, and treats empty values as unset", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://u:p@localhost:5432/kassa",
      PORT: "8080",
      HOST: "127.0.0.1",
      ALLOWED_WIDGET_ORIGIN: "https://pay.example.com",
      KASSA_SIGNER_PRIVATE_KEY: signerKey,
      PUBLIC_BASE_URL: "https://api.example.com",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "50",
      RPC_URL_80002: "https://rpc-amoy.example.com/key123, https://amoy.backup.example.com",
      RPC_URL_31337: "ws://127.0.0.1:8545",
      RPC_URL_97: "",
      UNRELATED: "x",
    });
    expect(config.databaseUrl?.reveal()).toBe("postgres://u:p@localhost:5432/kassa");
    expect(config.port).toBe(8080);
    expect(config.allowedWidgetOrigin).toBe("https://pay.example.com");
    expect(config.signerPrivateKey?.reveal()).toBe(signerKey);
    expect(config.rateLimitPerMinute).toBe(50);
    expect(config.rpcUrls.get(80002)?.reveal()).toEqual([
      "https://rpc-amoy.example.com/key123",
      "https://amoy.backup.example.com",
    ]);
    expect(config.rpcUrls.get(31337)?.reveal()).toEqual(["ws://127.0.0.1:8545"]);
    expect(config.rpcUrls.has(97)).toBe(false);
    expect(loadConfig({ PORT: "" }).port).toBe(3000);
    expect(
      loadConfig({ WORKER_HEARTBEAT_INTERVAL_MS: "1000", WORKER_DEAD_AFTER_MS: "8000" }).workerLiveness,
    ).toEqual({ heartbeatIntervalMs: 1_000, deadAfterMs: 8_000 });
  });

  it.each([
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ ALLOWED_WIDGET_ORIGIN: "https://pay.example.com/widget" }, "ALLOWED_WIDGET_ORIGIN"],
    [{ KASSA_SIGNER_PRIVATE_KEY: "0x1234" }, "KASSA_SIGNER_PRIVATE_KEY"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ RATE_LIMIT_PER_MINUTE: "0" }, "RATE_LIMIT_PER_MINUTE"],
    [{ RPC_URL_80002: "not a url" }, "RPC_URL_80002"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "proxy.example.com" }, "TRUST_PROXY"],
    [{ RPC_URL_80002: "https://rpc.example.com,ftp://x" }, "RPC_URL_80002"],
    [{ RPC_TIMEOUT_MS: "5" }, "RPC_TIMEOUT_MS"],
    [{ HTTP_HEADERS_TIMEOUT_MS: "40000", HTTP_REQUEST_TIMEOUT_MS: "30000" }, "HTTP_HEADERS_TIMEOUT_MS"],
    [{ HTTP_CONNECTION_TIMEOUT_MS: "10000" }, "HTTP_CONNECTION_TIMEOUT_MS"],
    [{ STATUS_STREAMS_MAX: "0" }, "STATUS_STREAMS_MAX"],
    [{ WORKER_HEARTBEAT_INTERVAL_MS: "50" }, "WORKER_HEARTBEAT_INTERVAL_MS"],
    [{ WORKER_HEARTBEAT_INTERVAL_MS: "5000", WORKER_DEAD_AFTER_MS: "9000" }, "WORKER_DEAD_AFTER_MS"],
  ])("names the bad variable in %o", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it.each([
    [undefined, false],
    ["false", false],
    ["true", true],
    ["2", 2],
    ["10.0.0.0/8, 192.168.1.7,loopback", ["10.0.0.0/8", "192.168.1.7", "loopback"]],
    ["fd00::/8", ["fd00::/8"]],
  ])("reads TRUST_PROXY=%s as Fastify's trustProxy %o", (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it("never prints a secret value, even inside the bad-config message", () => {
    const config = loadConfig({
      KASSA_SIGNER_PRIVATE_KEY: signerKey,
      DATABASE_URL: "postgres://u:hunter2@db/k",
    });
    const printed = [
      String(config.signerPrivateKey),
      // Wei settings are bigints, which JSON has no form for: print them as strings.
      JSON.stringify(config, (_key, value: unknown) => (typeof value === "bigint" ? String(value) : value)),
      inspect(config, { depth: 5 }),
      `${config.databaseUrl}`,
    ];
    for (const text of printed) {
      expect(text).not.toContain("ab".repeat(32));
      expect(text).not.toContain("hunter2");
    }
    expect(JSON.stringify({ s: new Secret("x") })).toBe('{"s":"[redacted]"}');
    expect(() => loadConfig({ KASSA_SIGNER_PRIVATE_KEY: "0xsecretvalue" })).not.toThrow(/secretvalue/);
  });
});

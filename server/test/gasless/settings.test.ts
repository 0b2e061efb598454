import { anvilPrivateKeys } from "@kassa/contracts";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

describe("relayer and faucet configuration", () => {
  it("reads comma-separated relayer keys and a faucet key per chain, never printing them", () => {
    const config = loadConfig({
      RELAYER_PRIVATE_KEYS_31337: `${anvilPrivateKeys[6]}, ${anvilPrivateKeys[7]}`,
      FAUCET_PRIVATE_KEY_31337: anvilPrivateKeys[8],
      RELAYER_STUCK_AFTER_SECONDS: "30",
      FAUCET_MAX_GRANT_WEI: "5000000000000000",
    });
    expect(config.gasless.relayerKeys.get(31337)?.map((key) => key.reveal())).toEqual([
      anvilPrivateKeys[6],
      anvilPrivateKeys[7],
    ]);
    expect(config.gasless.faucetKeys.get(31337)?.reveal()).toBe(anvilPrivateKeys[8]);
    expect(config.gasless.stuckAfterSeconds).toBe(30);
    expect(config.gasless.faucetMaxGrantWei).toBe(5_000_000_000_000_000n);
    expect(config.gasless.feeBumpPercent).toBe(20);
    expect(JSON.stringify(config.gasless.relayerKeys.get(31337))).not.toContain(anvilPrivateKeys[6].slice(2));
  });

  it("names bad variables without showing their values", () => {
    const bad = () =>
      loadConfig({
        RELAYER_PRIVATE_KEYS_31337: `${anvilPrivateKeys[6]},0x1234`,
        RELAYER_PRIVATE_KEYS_97: anvilPrivateKeys[5],
        FAUCET_PRIVATE_KEY_97: anvilPrivateKeys[5],
        RELAYER_FEE_BUMP_PERCENT: "5",
      });
    expect(bad).toThrow(ConfigError);
    const message = (() => {
      try {
        bad();
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/RELAYER_PRIVATE_KEYS_31337/);
    expect(message).toMatch(/FAUCET_PRIVATE_KEY_97: must differ/);
    expect(message).toMatch(/RELAYER_FEE_BUMP_PERCENT/);
    expect(message).not.toContain(anvilPrivateKeys[6].slice(2));
  });
});

import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config/index.js";
import { faucetDailyBudgetWei } from "../../src/config/gasless.js";

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

  it("reads the faucet's daily budgets, one chain's instead of the default, and the grants per client", () => {
    const config = loadConfig({
      FAUCET_DAILY_BUDGET_WEI: "300000000000000000",
      FAUCET_DAILY_BUDGET_WEI_137: "5000000000000000000",
      FAUCET_MERCHANT_DAILY_BUDGET_WEI: "20000000000000000",
      FAUCET_GRANTS_PER_CLIENT_PER_DAY: "1",
    });
    expect(faucetDailyBudgetWei(config.gasless, 137)).toBe(5n * 10n ** 18n);
    expect(faucetDailyBudgetWei(config.gasless, 1)).toBe(3n * 10n ** 17n);
    expect(config.gasless.faucetMerchantDailyBudgetWei).toBe(2n * 10n ** 16n);
    expect(config.gasless.faucetGrantsPerClientPerDay).toBe(1);
    const defaults = loadConfig({}).gasless;
    expect([defaults.faucetDailyBudgetWei, defaults.faucetMerchantDailyBudgetWei]).toEqual([
      10n ** 17n,
      5n * 10n ** 16n,
    ]);
    expect(defaults.faucetGrantsPerClientPerDay).toBe(3);
    expect(() => loadConfig({ FAUCET_DAILY_BUDGET_WEI_137: "1.5" })).toThrow(
      /FAUCET_DAILY_BUDGET_WEI_137: must be a whole number of wei/,
    );
    expect(() => loadConfig({ FAUCET_DAILY_BUDGET_WEI_0: "1" })).toThrow(
      /FAUCET_DAILY_BUDGET_WEI_0: the network id must be a positive integer/,
    );
  });
});

import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/index.js";
import { BaseError } from "../../src/domain/baseError.js";
import { DecimalError } from "../../src/domain/fiat.js";
import { KassaError } from "../../src/errors.js";

describe("BaseError", () => {
  it("is the root of the server's errors, each keeping its own name and one-line shortMessage", () => {
    for (const error of [
      new KassaError("PAYMENT_NOT_FOUND"),
      new ConfigError("PORT must be a number"),
      new DecimalError("not a decimal"),
    ]) {
      expect(error).toBeInstanceOf(BaseError);
      expect(error.shortMessage).toBe(error.message);
      expect(error.name).toBe(error.constructor.name);
    }
  });

  it("walks the cause chain: the first error of a kind, or the deepest cause", () => {
    const root = new TypeError("fetch failed");
    const middle = new DecimalError("price unreadable", { cause: root });
    const top = new KassaError("PRICE_SERVICE_NOT_CONFIGURED", undefined, { cause: middle });
    expect(top.walk((error) => error instanceof DecimalError)).toBe(middle);
    expect(top.walk((error) => error instanceof TypeError)).toBe(root);
    expect(top.walk((error) => error instanceof RangeError)).toBeUndefined();
    expect(top.walk()).toBe(root);
    expect(new BaseError("alone").walk()).toBeInstanceOf(BaseError);
  });
});

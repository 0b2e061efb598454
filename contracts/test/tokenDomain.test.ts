import { describe, expect, it } from "vitest";
import type { Address, Hex } from "viem";

import { matchTokenDomain, readTokenDomain, testTokens } from "../src/index.js";
import { fiatToken } from "../src/dev.js";
import { setupChain } from "./fixture.js";
import { deployRealTokens } from "./realTokens.js";

const c = await setupChain();
const t = await deployRealTokens(c);

const callTo = (token: Address) => async (data: Hex) => {
  const { data: result } = await c.publicClient.call({ to: token, data });
  if (!result) throw new Error("no data");
  return result;
};
const read = (token: Address) => readTokenDomain(callTo(token), { chainId: c.chainId, token });

describe("a token's EIP-712 domain, read from the token", () => {
  it("is USDC's version 2, from DOMAIN_SEPARATOR() and version(): FiatToken v2 has no eip712Domain()", async () => {
    await expect(read(t.usdc)).resolves.toEqual({ name: fiatToken.name, version: "2" });
  });

  it("is an OpenZeppelin ERC20Permit token's own eip712Domain()", async () => {
    await expect(read(c.tokens.permit18)).resolves.toEqual({ name: testTokens.permit18.name, version: "1" });
  });

  it("is unknown for a token without a domain (USDT): no permit or authorization path is offered", async () => {
    await expect(read(t.usdt)).resolves.toBeUndefined();
  });

  it("is never guessed: a separator that no candidate version produces matches nothing", () => {
    const separator = `0x${"11".repeat(32)}` as Hex;
    const params = { chainId: c.chainId, token: t.usdc, name: fiatToken.name, separator };
    expect(matchTokenDomain({ ...params, versions: ["1", "2"] })).toBeUndefined();
  });
});

import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { describe, expect, it } from "vitest";

import { identifierFor } from "../scripts/build.js";

const contractsDir = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("contracts build", () => {
  it("generated ABIs and bytecode match the Solidity sources (build --check)", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/build.ts", "--check"],
      { cwd: contractsDir },
    );
    expect(stdout).toContain("up to date");
    // A bound, not a timing: the two halves of the gateway take solc (viaIR, 1,000,000 runs) about a minute
    // on a loaded 2-core machine.
  }, 300_000);

  it("names the exports after the contract", () => {
    expect(identifierFor("PaymentGateway")).toBe("paymentGateway");
    expect(identifierFor("ERC2771Forwarder")).toBe("erc2771Forwarder");
    expect(identifierFor("TestTokenPermit")).toBe("testTokenPermit");
  });
});

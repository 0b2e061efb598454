import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import { digestMismatches, identifierFor } from "../scripts/build.js";
import { importPaths } from "../src/compile.js";

const contractsDir = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("contracts build", () => {
  it("generated ABIs and bytecode are what the build made from the sources as they are (build --check)", () => {
    expect(digestMismatches()).toEqual([]);
  });

  describe("the check fails, without compiling, in a copy of the workspace where", () => {
    // The copy finds the packages (OpenZeppelin, solc) through a link to the repository's node_modules.
    const copy = mkdtempSync(join(tmpdir(), "kassa-build-"));
    const root = join(copy, "contracts");
    for (const folder of ["solidity", "scripts", "src"]) {
      cpSync(join(contractsDir, folder), join(root, folder), { recursive: true });
    }
    symlinkSync(join(contractsDir, "..", "node_modules"), join(copy, "node_modules"), "dir");
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    /** Applies `change` to the copy, returns what the check finds, then puts the file back. */
    function mismatchesAfter(path: string, change: (contents: string) => string): string[] {
      const file = join(root, path);
      const original = readFileSync(file, "utf8");
      writeFileSync(file, change(original));
      try {
        return digestMismatches(root);
      } finally {
        writeFileSync(file, original);
      }
    }

    /** Adds a file to the copy, returns what the check finds, then removes it (and the folders it needed). */
    function mismatchesWith(path: string, contents: string): string[] {
      const top = join(root, path.split("/")[0] ?? path);
      const existed = existsSync(top);
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), contents);
      try {
        return digestMismatches(root);
      } finally {
        rmSync(existed ? join(root, path) : top, { recursive: true });
      }
    }

    it("nothing changed (the copy itself is up to date)", () => {
      expect(digestMismatches(root)).toEqual([]);
    });

    it("a source changed since the build", () => {
      expect(
        mismatchesAfter("solidity/deposits/DepositSweeper.sol", (source) => `${source}\n// edited\n`),
      ).toEqual(["source: solidity/deposits/DepositSweeper.sol"]);
    });

    it("a source was added", () => {
      expect(mismatchesWith("solidity/Added.sol", 'import "./TransferProbe.sol";\n')).toEqual([
        "source: solidity/Added.sol",
      ]);
    });

    it("an imported file's contents changed (a package file shadowed by a local one)", () => {
      const unit = "@openzeppelin/contracts/utils/Context.sol";
      const changed = `${readFileSync(join(contractsDir, "..", "node_modules", unit), "utf8")}\n`;
      expect(mismatchesWith(unit, changed)).toEqual([`source: ${unit}`]);
    });

    it("a compiler setting changed", () => {
      expect(
        mismatchesAfter("src/compile.ts", (source) =>
          source.replace("optimizerRuns: 1_000_000", "optimizerRuns: 200"),
        ),
      ).toEqual(["generator: src/compile.ts"]);
    });

    it("a generated file was edited by hand", () => {
      expect(
        mismatchesAfter("src/generated/DepositSweeper.ts", (source) =>
          source.replace('Bytecode = "0x', 'Bytecode = "0x00'),
        ),
      ).toEqual(["src/generated: DepositSweeper.ts"]);
      expect(mismatchesWith("src/generated/Extra.ts", "export {};\n")).toEqual(["src/generated: Extra.ts"]);
    });
  });

  it("reads import directives in all their forms, and nothing in comments or strings", () => {
    const source = [
      'import "./A.sol";',
      'import {B, C as D} from "../B.sol";',
      "import * as E from '@scope/E.sol';",
      'import "F.sol" as F;',
      '// import "./Commented.sol";',
      '/* import "./Block.sol"; */',
      'string constant S = "import \\"./InString.sol\\";";',
    ].join("\n");
    expect(importPaths(source)).toEqual(["./A.sol", "../B.sol", "@scope/E.sol", "F.sol"]);
  });

  it("names the exports after the contract", () => {
    expect(identifierFor("PaymentGateway")).toBe("paymentGateway");
    expect(identifierFor("ERC2771Forwarder")).toBe("erc2771Forwarder");
    expect(identifierFor("TestTokenPermit")).toBe("testTokenPermit");
  });
});

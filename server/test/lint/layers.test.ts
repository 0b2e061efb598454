/**
 * eslint/layers.js on files it has never seen: the chain layer reports facts and core writes, so `chain/` may
 * take nothing from `db/` but types and, in `chain/sender/`, the sender's own nonce ledger.
 */
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The messages of the layer rule for `code` as the file `path` (relative to server/src). */
async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}server/src/${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "layers/import-direction")
    .map((message) => message.message);
}

const chainFile = "chain/watcher.ts";
const use = (name: string, from: string, typeOnly = false) =>
  typeOnly
    ? `import type { ${name} } from "${from}";\nexport type X = ${name};`
    : `import { ${name} } from "${from}";\nexport const x = ${name};`;

describe("the layer rule", () => {
  it.each([
    ["a payment writer", chainFile, use("markSeenPayments", "../db/payments/paymentBlocks.js")],
    ["the cursor's writer", chainFile, use("moveChainCursor", "../db/chains/chainCursors.js")],
    ["the types of another db/ module", chainFile, use("PaymentDetails", "../db/payments/payments.js", true)],
    ["a database connection", chainFile, use("createDb", "../db/infra/database.js")],
    [
      "the nonce ledger outside chain/sender/",
      chainFile,
      use("syncSenderAccount", "../db/senders/senders.js"),
    ],
  ])("refuses chain/ importing %s", async (_what, path, code) => {
    expect(await layerErrors(path, code)).toEqual([expect.stringContaining("chain/ may not import db/")]);
  });

  it.each([
    ["the connection's type into chain/", chainFile, use("Db", "../db/infra/database.js", true)],
    [
      "chain/ a row type",
      chainFile,
      `import { type ChainRow } from "../db/schema/rows.js";\nexport type X = ChainRow;`,
    ],
    [
      "the nonce ledger in chain/sender/",
      "chain/sender/send.ts",
      use("syncSenderAccount", "../../db/senders/senders.js"),
    ],
    [
      "a payment writer into core/",
      "core/settlement/settlement.ts",
      use("markSeenPayments", "../../db/payments/paymentBlocks.js"),
    ],
  ])("lets in %s", async (_what, path, code) => {
    expect(await layerErrors(path, code)).toEqual([]);
  });
});

import path from "node:path";
import { importVisitors, typesOnly } from "./imports.js";

/**
 * The server's layers, lowest first. A file may import its own layer and the layers listed for it; an
 * import the other way is an error. `domain` is pure (no I/O); the shared files (errors, secrets, the
 * scrubber, the logger) and `config/` sit just above it; `jobs` and `http` are siblings that never import
 * each other; `cli` may import everything.
 */
const LAYERS = {
  domain: [],
  shared: ["domain"],
  config: ["domain", "shared"],
  db: ["domain", "shared", "config"],
  chain: ["domain", "shared", "config", "db"],
  core: ["domain", "shared", "config", "db", "chain"],
  jobs: ["domain", "shared", "config", "db", "chain", "core"],
  http: ["domain", "shared", "config", "db", "chain", "core"],
  cli: ["domain", "shared", "config", "db", "chain", "core", "jobs", "http"],
};
const SHARED_FILES = new Set(["errors", "secret", "scrub", "logger", "packageFiles"]);
/** Packages that speak SQL: only `db/` may import them. */
const SQL_PACKAGES = new Set(["kysely", "pg", "graphile-worker"]);
/** graphile-worker's runner is the worker role's own: `jobs/` may import it as well. */
const SQL_PACKAGE_EXCEPTIONS = { "graphile-worker": ["jobs"] };

/**
 * What `chain/` may take from `db/`. The chain layer reports facts (chain/chainFacts.ts) and core decides and
 * writes: no payment writer, cursor or other query module of `db/` is within its reach. Types only (the
 * connection's, the row types), and the transaction sender's own nonce ledger from `chain/sender/`.
 */
const CHAIN_DB_ALLOWED = {
  "infra/database": { typesOnly: true },
  "schema/rows": { typesOnly: true },
  "senders/senders": { onlyFrom: `chain${path.sep}sender${path.sep}` },
};

/** Kysely's query builders: a call of one outside `db/` is SQL outside `db/`. */
const QUERY_BUILDERS = new Set([
  "selectFrom",
  "updateTable",
  "insertInto",
  "deleteFrom",
  "replaceInto",
  "mergeInto",
]);

const SERVER_SRC = `${path.sep}server${path.sep}src${path.sep}`;

/** The layer of an absolute file path under server/src, or undefined outside it. */
function layerOf(file) {
  const at = file.lastIndexOf(SERVER_SRC);
  if (at === -1) return undefined;
  const inside = file.slice(at + SERVER_SRC.length).split(path.sep);
  if (inside.length === 1) return SHARED_FILES.has(inside[0].replace(/\.[jt]s$/, "")) ? "shared" : "cli";
  return inside[0] in LAYERS ? inside[0] : undefined;
}

const importDirection = {
  meta: {
    type: "problem",
    docs: { description: "imports between server layers go one way; SQL packages only in db/" },
    schema: [],
    messages: {
      wrongWay:
        "{{from}}/ may not import {{to}}/ ({{source}}): layers go domain <- db <- chain <- core <- jobs|http <- cli",
      unknownLayer: "{{file}} is in no layer: put it in one of {{layers}}",
      sqlOutsideDb: "{{package}} is imported outside db/ ({{layer}}/): SQL lives in db/",
      queryOutsideDb: "a query ({{method}}) is built outside db/ ({{layer}}/): SQL lives in db/",
      chainUsesDb:
        "chain/ may not import db/{{module}} ({{source}}): the chain layer reports facts through chain/chainFacts.ts and core writes (allowed: types of db/infra/database and db/schema/rows, db/senders/senders in chain/sender/)",
    },
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (file.lastIndexOf(SERVER_SRC) === -1) return {};
    if (from === undefined) {
      return {
        Program(node) {
          context.report({
            node,
            messageId: "unknownLayer",
            data: { file, layers: Object.keys(LAYERS).join(", ") },
          });
        },
      };
    }
    /** chain/ -> db/: only what CHAIN_DB_ALLOWED lets through. */
    function checkChainToDb(node, target, source) {
      const inside = target.slice(target.lastIndexOf(SERVER_SRC) + SERVER_SRC.length);
      const module = inside
        .split(path.sep)
        .slice(1)
        .join("/")
        .replace(/\.[jt]s$/, "");
      const allowed = CHAIN_DB_ALLOWED[module];
      const fromFile = file.slice(file.lastIndexOf(SERVER_SRC) + SERVER_SRC.length);
      const ok =
        allowed !== undefined &&
        (!allowed.typesOnly || typesOnly(node)) &&
        (allowed.onlyFrom === undefined || fromFile.startsWith(allowed.onlyFrom));
      if (!ok) context.report({ node, messageId: "chainUsesDb", data: { module, source } });
    }
    function check(node, source) {
      if (typeof source !== "string") return;
      if (!source.startsWith(".")) {
        const pkg = source.startsWith("@") ? source.split("/").slice(0, 2).join("/") : source.split("/")[0];
        if (SQL_PACKAGES.has(pkg) && from !== "db" && !(SQL_PACKAGE_EXCEPTIONS[pkg] ?? []).includes(from)) {
          context.report({ node, messageId: "sqlOutsideDb", data: { package: pkg, layer: from } });
        }
        return;
      }
      const target = path.resolve(path.dirname(file), source);
      const to = layerOf(target);
      if (from === "chain" && to === "db") checkChainToDb(node, target, source);
      if (to === undefined || to === from || LAYERS[from].includes(to)) return;
      context.report({ node, messageId: "wrongWay", data: { from, to, source } });
    }
    return {
      ...importVisitors(check),
      MemberExpression(node) {
        if (from === "db" || node.property.type !== "Identifier" || !QUERY_BUILDERS.has(node.property.name))
          return;
        if (node.parent.type !== "CallExpression" || node.parent.callee !== node) return;
        context.report({
          node,
          messageId: "queryOutsideDb",
          data: { method: node.property.name, layer: from },
        });
      },
    };
  },
};

export default { rules: { "import-direction": importDirection } };

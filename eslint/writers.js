import path from "node:path";

/**
 * One writer per table: every statement that writes a table (a Kysely `updateTable`, `insertInto`, `deleteFrom`,
 * `replaceInto` or `mergeInto`, a generic writer of db/infra/lookups.ts such as `updateWhere(db, "table", ...)`,
 * or an `UPDATE`, `INSERT INTO` or `DELETE FROM` in a `sql` template) stands in the folder or file that owns the
 * table. The owners are this rule's options (eslint.config.js), the table in docs/architecture.md reads the same;
 * a table with no owner is refused too, so a new table names its writer when it is made.
 */

/** Kysely's builders whose first argument is the table written. */
const WRITE_BUILDERS = new Set(["updateTable", "insertInto", "deleteFrom", "replaceInto", "mergeInto"]);
/** The generic writers of db/infra/lookups.ts, whose second argument is the table written. */
const GENERIC_WRITERS = new Set(["updateWhere"]);
/** A write in SQL text: the statement's keyword and the table. */
const SQL_WRITE = /\b(?:update|insert\s+into|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;
/** What follows UPDATE without being a table: `DO UPDATE SET`, `FOR UPDATE OF`, `FOR UPDATE SKIP LOCKED`, `NOWAIT`. */
const NOT_TABLES = new Set(["set", "of", "skip", "nowait"]);

/** The table a builder's argument names (`"payments"`, `"payments as p"`), or undefined when it is not a literal. */
function tableOf(node) {
  if (node?.type !== "Literal" || typeof node.value !== "string") return undefined;
  return node.value.trim().split(/\s+/)[0];
}

const oneWriter = {
  meta: {
    type: "problem",
    docs: { description: "each table is written only by the db/ folder or file that owns it" },
    schema: [
      {
        type: "object",
        properties: {
          root: { type: "string" },
          /** table -> its owner below `root` (a folder, or a file). */
          owners: { type: "object", additionalProperties: { type: "string" } },
          /** Files below `root` that write a table their caller names (the generic writers themselves). */
          generic: { type: "array", items: { type: "string" } },
        },
        required: ["root", "owners"],
        additionalProperties: false,
      },
    ],
    messages: {
      notOwner:
        "{{table}} is written here ({{how}}) but its writer is db/{{owner}}: add a named update there and call it",
      noOwner:
        "{{table}} has no writer named in eslint.config.js (writers/one-writer owners): name its folder",
      dynamic:
        "{{how}} with a table that is not a literal: name the table, so that its writer can be checked",
    },
  },
  create(context) {
    const { root, owners, generic = [] } = context.options[0];
    const base = path.resolve(context.cwd, root);
    const inside = path.relative(base, context.filename).split(path.sep).join("/");
    if (inside.startsWith("..") || path.isAbsolute(inside)) return {};
    const owns = (owner) => inside === owner || inside.startsWith(`${owner}/`);
    const isGeneric = generic.some(owns);

    function write(node, table, how) {
      if (table === undefined) {
        if (!isGeneric) context.report({ node, messageId: "dynamic", data: { how } });
        return;
      }
      const owner = owners[table];
      if (owner === undefined) context.report({ node, messageId: "noOwner", data: { table } });
      else if (!owns(owner)) context.report({ node, messageId: "notOwner", data: { table, how, owner } });
    }

    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === "MemberExpression" && callee.property.type === "Identifier") {
          if (WRITE_BUILDERS.has(callee.property.name)) {
            write(node, tableOf(node.arguments[0]), callee.property.name);
          }
        } else if (callee.type === "Identifier" && GENERIC_WRITERS.has(callee.name)) {
          write(node, tableOf(node.arguments[1]), callee.name);
        }
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== "Identifier" || node.tag.name !== "sql") return;
        const text = node.quasi.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(" ");
        for (const match of text.matchAll(SQL_WRITE)) {
          if (NOT_TABLES.has(match[1].toLowerCase())) continue;
          write(node, match[1].toLowerCase(), match[0].split(/\s+/).slice(0, -1).join(" ").toUpperCase());
        }
      },
    };
  },
};

export default { rules: { "one-writer": oneWriter } };

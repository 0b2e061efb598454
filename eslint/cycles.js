import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * No import circles: a module that reaches itself through its relative imports (static, `export ... from`,
 * type-only or dynamic) is one concept split across files, or two that lean on each other; either way neither
 * can be read, tested or moved alone. The rule reads the imports of the files it follows from disk, as text.
 */

const IMPORT =
  /(?:^|[;\s])(?:import|export)\s(?:[^;"'`]*?\sfrom\s*)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** Relative imports of each file read so far, by absolute path (one lint run reads each file once). */
const importsOf = new Map();

/** The file a relative specifier names: TypeScript sources are imported with `.js`. */
function resolve(from, specifier) {
  const target = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    target,
    target.replace(/\.js$/, ".ts"),
    `${target}.ts`,
    path.join(target, "index.ts"),
  ]) {
    if (/\.[cm]?[jt]s$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

function relativeImports(file, text) {
  const known = importsOf.get(file);
  if (known) return known;
  const source = text ?? (existsSync(file) ? readFileSync(file, "utf8") : "");
  const found = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith(".")) continue;
    const target = resolve(file, specifier);
    if (target) found.push({ specifier, target });
  }
  importsOf.set(file, found);
  return found;
}

/** A path of imports from `start` back to `goal`, or undefined. */
function pathBack(start, goal) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const trail = queue.shift();
    for (const { target } of relativeImports(trail.at(-1))) {
      if (target === goal) return trail;
      if (!seen.has(target)) {
        seen.add(target);
        queue.push([...trail, target]);
      }
    }
  }
  return undefined;
}

const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "no module reaches itself through its imports" },
    schema: [],
    messages: { cycle: "this import closes a circle: {{circle}}" },
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    const name = (absolute) => path.relative(root, absolute).split(path.sep).join("/");
    function check(node, specifier) {
      if (typeof specifier !== "string" || !specifier.startsWith(".")) return;
      const target = resolve(file, specifier);
      if (!target) return;
      relativeImports(file, context.sourceCode.text);
      const back = target === file ? [] : pathBack(target, file);
      if (back) {
        const circle = [file, ...back, file].map(name).join(" -> ");
        context.report({ node, messageId: "cycle", data: { circle } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

export default { rules: { "no-import-cycle": noImportCycle } };

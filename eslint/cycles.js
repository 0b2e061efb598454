import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { importVisitors } from "./imports.js";

/**
 * No import circles: a module that reaches itself through its relative imports (static, `export ... from`,
 * type-only or dynamic) is one concept split across files, or two that lean on each other; either way neither
 * can be read, tested or moved alone. The same holds one level up: inside a folder of capabilities (the
 * server's `core/` and `db/`), no capability reaches itself through the others, or they are one knot that can
 * only be read, tested and moved together. The rules read the imports of the files they follow from disk, as
 * text.
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

/** The shortest trail of nodes from `start` to one whose `next` holds `goal` (the goal left out), or undefined. */
function trailBack(start, goal, next) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const trail = queue.shift();
    for (const node of next(trail.at(-1))) {
      if (node === goal) return trail;
      if (!seen.has(node)) {
        seen.add(node);
        queue.push([...trail, node]);
      }
    }
  }
  return undefined;
}

/** A path of imports from `start` back to `goal`, or undefined. */
const pathBack = (start, goal) =>
  trailBack(start, goal, (file) => relativeImports(file).map(({ target }) => target));

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
    return importVisitors(check);
  },
};

/** The TypeScript sources below `dir`, by absolute path. */
function sourcesBelow(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesBelow(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/**
 * The capability a file of `root` belongs to: the first folder below the root, or for a file beside the
 * folders (a composition root, shared schemas) the file itself, which is then a capability of its own.
 */
function capabilityOf(root, file) {
  const inside = path.relative(root, file).split(path.sep);
  if (inside[0] === ".." || path.isAbsolute(inside[0])) return undefined;
  return inside[0];
}

/** The imports between the capabilities of each root read so far: from -> to -> the first file import. */
const capabilityGraphs = new Map();

function capabilityGraph(root) {
  const known = capabilityGraphs.get(root);
  if (known) return known;
  const graph = new Map();
  for (const file of sourcesBelow(root)) {
    const from = capabilityOf(root, file);
    for (const { target } of relativeImports(file)) {
      const to = capabilityOf(root, target);
      if (to === undefined || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, [file, target]);
    }
  }
  capabilityGraphs.set(root, graph);
  return graph;
}

const noFolderKnot = {
  meta: {
    type: "problem",
    docs: { description: "no capability folder reaches itself through the others" },
    schema: [
      {
        type: "object",
        properties: {
          roots: { type: "array", items: { type: "string" } },
        },
        required: ["roots"],
        additionalProperties: false,
      },
    ],
    messages: {
      knot: "this import knots {{from}} and {{to}}, which reaches back: {{knot}}; move the concept to the folder that owns it",
    },
  },
  create(context) {
    const file = context.filename;
    const { roots } = context.options[0];
    const root = roots
      .map((folder) => path.resolve(context.cwd, folder))
      .find((folder) => capabilityOf(folder, file) !== undefined);
    if (root === undefined) return {};
    const from = capabilityOf(root, file);
    const below = (base, absolute) => path.relative(base, absolute).split(path.sep).join("/");
    const inRoot = (capability) => below(path.dirname(root), path.join(root, capability));
    const name = (absolute) => below(root, absolute);
    function check(node, specifier) {
      if (typeof specifier !== "string" || !specifier.startsWith(".")) return;
      const target = resolve(file, specifier);
      const to = target && capabilityOf(root, target);
      if (to === undefined || to === from) return;
      const graph = capabilityGraph(root);
      const back = trailBack(to, from, (capability) => (graph.get(capability) ?? new Map()).keys());
      if (!back) return;
      const hops = back.map((capability, index) => {
        const next = back[index + 1] ?? from;
        const [importer, imported] = graph.get(capability).get(next);
        return `-> ${inRoot(next)} (${name(importer)} imports ${name(imported)})`;
      });
      const knot = [`${inRoot(from)} -> ${inRoot(to)}`, ...hops].join(" ");
      context.report({ node, messageId: "knot", data: { from: inRoot(from), to: inRoot(to), knot } });
    }
    return importVisitors(check);
  },
};

export default { rules: { "no-import-cycle": noImportCycle, "no-folder-knot": noFolderKnot } };

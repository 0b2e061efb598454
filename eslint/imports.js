/** What the import rules (cycles.js, layers.js, workspaces.js) read of a file's imports. */

/**
 * Visitors of every node that names a module: static and type-only imports, `export ... from`, and dynamic
 * imports of a literal; each calls `check(node, specifier)`.
 */
export function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
    ExportAllDeclaration: (node) => check(node, node.source.value),
    ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
  };
}

/** Whether an import or export declaration brings types only (`import type`, or every specifier `type`). */
export function typesOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return (
    specifiers.length > 0 &&
    specifiers.every((specifier) => specifier.importKind === "type" || specifier.exportKind === "type")
  );
}

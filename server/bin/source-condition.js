// A module resolve hook: workspaces of this repository (the example shop that `kassa dev` starts
// imports @kassa/sdk) resolve each other to their TypeScript source through the `@kassa/source`
// export condition, as vitest and tsc do, instead of to a build that a fresh clone does not have.
export async function resolve(specifier, context, nextResolve) {
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "@kassa/source"] });
}

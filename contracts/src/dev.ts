/** The dev tooling: the anvil launcher and its accounts, the solc compiler, test-only contracts. */
export * from "./anvil.js";
export * from "./compile.js";
export * from "./testContracts.js";

/**
 * The operator's functions (`kassa admin`, `kassa dev`, the tests' setup), one module per resource; this
 * index is their one entry point. Inputs are validated here (VALIDATION_ERROR with details), so the CLI
 * only maps flags to these objects.
 */
export * from "./chains.js";
export * from "./merchants.js";
export * from "./paymentMethods.js";
export * from "./shared.js";
export * from "./tokens.js";

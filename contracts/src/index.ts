export * from "./generated/index.js";
export * from "./eip712.js";
export * from "./pay.js";
export * from "./deploy.js";
export * from "./anvil.js";
export * from "./chain.js";
export * from "./tokenProbe.js";
export * from "./fee.js";

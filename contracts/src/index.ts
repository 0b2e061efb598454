/**
 * What runs in production: ABIs, EIP-712 typed data, payment ids, intents, deposit addresses, the
 * deploy of the contracts (`kassa deploy`). The dev tooling (anvil, solc, test-only contracts) is
 * `@kassa/contracts/dev`.
 */
export * from "./generated/index.js";
export * from "./eip712.js";
export * from "./pay.js";
export * from "./deploy.js";
export * from "./chain.js";
export * from "./tokenProbe.js";
export * from "./fee.js";
export * from "./paymentId.js";
export * from "./intents.js";
export * from "./deposits.js";
export * from "./subscriptions.js";
export * from "./erc6492.js";
export * from "./tokenDomain.js";

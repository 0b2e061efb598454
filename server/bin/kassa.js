#!/usr/bin/env node
// Runs the TypeScript sources through tsx, so `kassa` needs no build step.
import { register as registerHooks } from "node:module";
import { register } from "tsx/esm/api";

registerHooks("./source-condition.js", import.meta.url);
register();
await import("../src/cli/main.ts");

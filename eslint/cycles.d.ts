import type { ESLint } from "eslint";

/** The import circle rule (cycles.js), for the test that lints files it has never seen. */
declare const plugin: ESLint.Plugin;
export default plugin;

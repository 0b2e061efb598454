import { kassaProgram, runKassa } from "./program.js";

/**
 * The `kassa` command of a release, compiled to dist/kassa.js by `npm run build`: every command but
 * `dev`, which runs a local chain and database that only a clone has.
 */
await runKassa(kassaProgram());

import { useEmbeddedDatabase } from "./context.js";
import { devCommand } from "./dev/index.js";
import { embeddedDatabase } from "./embeddedDatabase.js";
import { kassaProgram, runKassa } from "./program.js";

/**
 * The `kassa` command of a clone (server/bin/kassa.js runs it through tsx): a release's, `dev`, and
 * embedded PostgreSQL when DATABASE_URL is unset.
 */
useEmbeddedDatabase(embeddedDatabase);
const program = kassaProgram();
program.addCommand(devCommand());
await runKassa(program);

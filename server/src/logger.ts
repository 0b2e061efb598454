import { pino, type DestinationStream, type Logger, type LevelWithSilent } from "pino";
import { scrubLogLine } from "./scrub.js";

/** Keys and secrets never reach a log line, whatever object carries them. */
export const redactedLogPaths = [
  'req.headers["x-api-key"]',
  'req.headers["x-public-key"]',
  "req.headers.authorization",
  "req.headers.cookie",
  "apiKey",
  "*.apiKey",
  "publicKey",
  "*.publicKey",
  "webhookSecret",
  "*.webhookSecret",
  "*.webhook_secret",
  "*.api_key_hash",
  "*.public_key_hash",
];

const FATAL = 60;
let shuttingDown = false;

/**
 * From now on every logger of this process prints fatal lines only: a process told to stop says so once,
 * then stays quiet while its database connections, possibly stopped by the same Ctrl-C, go away.
 */
export function quietLogsForShutdown(): void {
  shuttingDown = true;
}

export function createLogger(options: { level: LevelWithSilent; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: redactedLogPaths, censor: "[redacted]" },
      hooks: {
        logMethod(args, method, level) {
          if (shuttingDown && level < FATAL) return;
          method.apply(this, args);
        },
        // Whole lines, whatever field carries the text (msg, err.message, err.stack, a cause's message).
        streamWrite: scrubLogLine,
      },
    },
    options.destination,
  );
}

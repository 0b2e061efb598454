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

export function createLogger(options: { level: LevelWithSilent; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: redactedLogPaths, censor: "[redacted]" },
      // Whole lines, whatever field carries the text (msg, err.message, err.stack, a cause's message).
      hooks: { streamWrite: scrubLogLine },
    },
    options.destination,
  );
}

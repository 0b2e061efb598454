import { integerArg } from "../runner.js";
import type { OptionSpec } from "./spec.js";

/** `kassa admin merchant update`'s options for payments by transfer. */
export const depositSettingsOptions: OptionSpec[] = [
  {
    flags: "--deposit-tolerance-bps <bps>",
    help: "payments by transfer: how short of the amount (basis points, 0 to 5000) still settles, e.g. an exchange's withdrawal fee; for payments created from then on",
    parse: integerArg,
  },
  {
    flags: "--deposit-late-policy <policy>",
    help: "payments by transfer: a deposit after the transfer window settles (settle) or waits to go back to its sender (return)",
  },
  {
    flags: "--transfer-window-minutes <minutes>",
    help: "payments by transfer: how long after creation a transfer is on time (default 60)",
    parse: integerArg,
  },
];

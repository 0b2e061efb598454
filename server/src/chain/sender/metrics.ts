import { Counter, register } from "prom-client";
import type { SenderContext } from "./context.js";

/** A metric's name, help and labels (prom-client's configuration). */
interface MetricConfig<L extends string> {
  name: string;
  help: string;
  labelNames: readonly L[];
}

/** The metric `config` names, made once: a second load of this module reuses the registered one. */
export function registered<L extends string, M>(
  make: new (config: MetricConfig<L>) => M,
  config: MetricConfig<L>,
): M {
  return (register.getSingleMetric(config.name) as M | undefined) ?? new make(config);
}

const nonceErrors = registered(Counter, {
  name: "kassa_sender_nonce_errors_total",
  help: "Nonces a relayer or faucet key found used by a transaction Kassa did not send (a node's 'nonce too low' to a first send, or a tracked nonce taken)",
  labelNames: ["network_id", "role"],
});

/** A nonce of the sender's found used by another transaction: its counter, and /metrics in this process. */
export function countNonceError(context: SenderContext): void {
  context.counters.nonceErrors++;
  nonceErrors.inc({ network_id: String(context.networkId), role: context.options.role });
}

import { Counter } from "prom-client";
import { isErc6492Signature, type Hex } from "viem";
import type { SimulationResult } from "../../chain/forwarder.js";
import type { GaslessRuntime } from "../../chain/gasless.js";
import { registered } from "../../chain/sender/metrics.js";
import type { SenderOutcome } from "../../chain/sender/owner.js";
import type { Db } from "../../db/infra/database.js";
import { readGasAtRisk, recordRelayerRevert, type GasHolder } from "../../db/gasless/relayerGas.js";
import type { SenderTransactionRow } from "../../db/schema/rows.js";
import { gasLimitFor, type GasPurpose } from "../../domain/gasPurposes.js";
import type { RelayKind } from "../../domain/records.js";
import { KassaError } from "../../errors.js";
import { revertError } from "./checks.js";

/**
 * The relayer's budgets of gas at risk. Every transaction of the relayer has a gas bound (domain/gasPurposes.ts);
 * what a stranger can still make it spend for nothing is the gas of transactions that pass every simulation and
 * revert when mined (a wallet that answers differently on-chain). So the gas of each reverted transaction is
 * recorded against the merchant, payer and client it was sent for, and a relay (or a subscription's first charge)
 * is taken only while the merchant's, the payer's and the client network's reverted gas of the window, plus the
 * gas limits they have in flight, plus its own gas limit stay within their budgets. Counting what is in flight
 * makes the bound hold however many relays arrive at once: a merchant's reverted gas in any window is at most
 * its budget.
 */

export type GasBudgetKind = "merchant" | "payer" | "client";

/** The least a transaction costs: what a client at its budget has no room left for. */
export const TRANSACTION_BASE_GAS = 21_000n;

/**
 * The gas purpose of a relay: its kind's, or, for an ERC-6492 signature (its factory call may deploy the payer's
 * wallet first), the one that allows a wallet's deployment.
 */
export function relayGasPurpose(kind: RelayKind, signature: Hex): GasPurpose {
  if (kind === "forward") return "relay_forward";
  return isErc6492Signature(signature) ? "relay_undeployed_wallet" : `relay_${kind}`;
}

/** Who a relayer transaction is sent for: the merchant, the payer wallet, the public-key caller's network. */
export interface GasClients {
  networkId: number;
  merchantId: number;
  payer: string;
  clientNetwork?: string | null;
}

export interface GasBudgetRefusal {
  budget: GasBudgetKind;
  atRisk: bigint;
  limit: bigint;
  /** When the oldest revert leaves the window (undefined when only transactions in flight hold the budget). */
  until: Date | undefined;
  message: string;
}

const refusals = registered(Counter, {
  name: "kassa_relayer_budget_refusals_total",
  help: "Relays refused and subscription first charges held back because a merchant's, payer's or client's budget of relayer gas at risk was spent, per chain and budget",
  labelNames: ["network_id", "budget"],
});

const boundRefusals = registered(Counter, {
  name: "kassa_relayer_gas_bound_refusals_total",
  help: "Relayer transactions not sent because they would need more gas than their purpose's bound, per chain and purpose",
  labelNames: ["network_id", "purpose"],
});

const reverted = registered(Counter, {
  name: "kassa_relayer_reverted_gas_total",
  help: "Gas of the relayer's transactions mined and reverted, per chain and purpose (counted by the process that tracks them)",
  labelNames: ["network_id", "purpose"],
});

function holders(clients: GasClients): [GasBudgetKind, GasHolder][] {
  const list: [GasBudgetKind, GasHolder][] = [
    ["merchant", { merchantId: clients.merchantId }],
    ["payer", { payer: clients.payer }],
  ];
  if (clients.clientNetwork) list.push(["client", { clientNetwork: clients.clientNetwork }]);
  return list;
}

function describe(kind: GasBudgetKind, clients: GasClients): string {
  return kind === "merchant"
    ? "this merchant's relays"
    : kind === "payer"
      ? `relays from ${clients.payer}`
      : "relays from this client's network";
}

/**
 * Why a transaction of `gas` for `clients` may not be sent now: the first budget it would exceed. Undefined when
 * it fits all of them. Counted and logged when refused. `inFlight: false` leaves the gas limits in flight out
 * (only the reverted gas counts): for the subscription first charges of wallets without code, where no payer's
 * code runs (relays always count them).
 */
export async function gasBudgetRefusal(
  runtime: GaslessRuntime,
  db: Db,
  clients: GasClients,
  gas: bigint,
  options: { inFlight?: boolean } = {},
): Promise<GasBudgetRefusal | undefined> {
  const { merchantGasBudget, clientGasBudget, gasBudgetWindowSeconds } = runtime.settings;
  const windowMs = gasBudgetWindowSeconds * 1000;
  const since = new Date(runtime.now().getTime() - windowMs);
  for (const [kind, holder] of holders(clients)) {
    const limit = kind === "merchant" ? merchantGasBudget : clientGasBudget;
    const risk = await readGasAtRisk(db, clients.networkId, holder, since);
    const atRisk = risk.reverted + (options.inFlight === false ? 0n : risk.inFlight);
    if (atRisk + gas <= limit) continue;
    const until = risk.oldestRevertAt && new Date(risk.oldestRevertAt.getTime() + windowMs);
    const message =
      `${describe(kind, clients)} have ${atRisk} gas of the relayer at risk on chain ${clients.networkId} ` +
      `(reverted within ${gasBudgetWindowSeconds} s, or in flight), and this one may use ${gas} more: the budget ` +
      `is ${limit}. They wait ${until ? `until ${until.toISOString()} at the latest` : "until those in flight finish"}` +
      "; the payer can still pay with its own gas";
    refusals.inc({ network_id: String(clients.networkId), budget: kind });
    runtime.logger?.warn(
      {
        networkId: clients.networkId,
        budget: kind,
        merchantId: clients.merchantId,
        payer: clients.payer,
        clientNetwork: clients.clientNetwork ?? undefined,
        atRisk: atRisk.toString(),
        gas: gas.toString(),
        limit: limit.toString(),
        until: until?.toISOString(),
      },
      "relayer gas budget spent: relays wait",
    );
    return { budget: kind, atRisk, limit, until, message };
  }
  return undefined;
}

/** Refuses (RELAY_BUDGET_EXHAUSTED) a relay of `gas` that would exceed a budget of `clients`. */
export async function requireGasBudget(
  runtime: GaslessRuntime,
  db: Db,
  clients: GasClients,
  gas: bigint,
): Promise<void> {
  const refusal = await gasBudgetRefusal(runtime, db, clients, gas);
  if (refusal) throw new KassaError("RELAY_BUDGET_EXHAUSTED", refusal.message);
}

/**
 * The gas limit a relay is accepted with, from its simulation at the fees it will be sent at: the estimate with a
 * margin, within its purpose's bound. Refused with the revert's error, or RELAY_GAS_LIMIT_EXCEEDED when the
 * payer's code (a wallet's signature check, a factory) would make it cost more than the bound.
 */
export function acceptedGasLimit(
  runtime: GaslessRuntime,
  networkId: number,
  purpose: GasPurpose,
  simulation: SimulationResult,
): bigint {
  if (!simulation.ok) throw revertError(simulation.revert);
  const limit = gasLimitFor(purpose, simulation.gas);
  if (limit.ok) return limit.gasLimit;
  noteGasBoundRefusal(runtime, networkId, purpose, limit.needed, limit.bound, {});
  throw new KassaError(
    "RELAY_GAS_LIMIT_EXCEEDED",
    `the relayer would pay ${limit.needed} gas for this payment, and pays at most ${limit.bound} for this way of ` +
      "paying (the wallet's signature check, or its deployment, costs too much): pay with the wallet's own gas",
  );
}

/** A transaction of `purpose` that would need more than its bound: counted and logged, never sent. */
export function noteGasBoundRefusal(
  runtime: GaslessRuntime,
  networkId: number,
  purpose: GasPurpose,
  needed: bigint,
  bound: bigint,
  context: Record<string, unknown>,
): void {
  boundRefusals.inc({ network_id: String(networkId), purpose });
  runtime.logger?.warn(
    { ...context, networkId, purpose, needed: needed.toString(), bound: bound.toString() },
    "relayer transaction above its gas bound: not sent",
  );
}

/**
 * A relayer transaction ended (core/gasless/gasless.ts calls this for the relayer's purposes only: the faucet's
 * grants are plain transfers of native coin, bounded by its own daily budgets). Mined and reverted: its gas is recorded against what it was sent for (once, however
 * often the sender reports it), counted and logged.
 */
export async function recordRevertedGas(
  runtime: GaslessRuntime,
  tx: SenderTransactionRow,
  outcome: SenderOutcome,
): Promise<void> {
  if (outcome.status !== "FAILED" || !outcome.payloadLanded || !outcome.receipt) return;
  const { receipt } = outcome;
  if (!(await recordRelayerRevert(runtime.db, tx.id, receipt, runtime.now()))) return;
  reverted.inc({ network_id: String(tx.network_id), purpose: tx.purpose }, Number(receipt.gasUsed));
  runtime.logger?.warn(
    {
      networkId: tx.network_id,
      purpose: tx.purpose,
      txHash: receipt.transactionHash,
      gasUsed: receipt.gasUsed.toString(),
      gasLimit: tx.gas_limit,
    },
    "relayer transaction reverted on-chain",
  );
}

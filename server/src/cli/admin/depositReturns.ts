import { getAddress, isAddress, zeroAddress, type Address } from "viem";
import { createPaymentSigner } from "../../chain/signer.js";
import {
  findReturnPayment,
  recoverDeposit,
  returnExcess,
  type DepositReturnDeps,
  type RecoveryDestination,
} from "../../core/deposits/returns.js";
import { listPaymentReturns, type DepositReturnView } from "../../core/deposits/returnViews.js";
import { createGasless } from "../../core/gasless/gasless.js";
import { createCheckedPaymentSequencer } from "../../core/payments/paymentSequences.js";
import { KassaError } from "../../errors.js";
import type { Context } from "../context.js";
import { printTable } from "../output.js";
import type { AdminCommandSpec } from "./spec.js";

/**
 * `kassa admin deposit ...`: returns from the deposit addresses of payments by transfer, sent by the chain's
 * relayer (RELAYER_PRIVATE_KEYS_<networkId>) on the server signer's authority (KASSA_SIGNER_PRIVATE_KEY); the
 * worker's tracker follows each to its outcome.
 */

function returnDeps(ctx: Context): DepositReturnDeps {
  const { config, db, chains } = ctx;
  return {
    gasless: createGasless({ db, chains, settings: config.gasless }),
    signer: config.signerPrivateKey ? createPaymentSigner(config.signerPrivateKey) : undefined,
    nextPaymentSequence: createCheckedPaymentSequencer({ db, chains }),
  };
}

function printReturns(list: DepositReturnView[]) {
  printTable(list, [
    ["RETURN ID", (r) => r.returnId],
    ["KIND", (r) => r.kind],
    ["TOKEN", (r) => (r.tokenAddress === zeroAddress ? "native" : r.tokenAddress)],
    ["AMOUNT", (r) => r.amount],
    ["TO", (r) => r.to],
    ["TRANSFERS", (r) => r.transfers.map((transfer) => `${transfer.txHash}:${transfer.logIndex}`).join(" ")],
    ["STATUS", (r) => r.status],
    ["TRANSACTION", (r) => r.txHash],
    ["REASON", (r) => r.reason],
  ]);
}

function tokenOption(value: string): Address {
  if (value === "native") return zeroAddress;
  if (!isAddress(value)) throw new KassaError("VALIDATION_ERROR", `--token: not an address: ${value}`);
  return getAddress(value);
}

function destinationOption(value: string): RecoveryDestination {
  if (value === "sender" || value === "merchant") return value;
  if (!isAddress(value)) {
    throw new KassaError("VALIDATION_ERROR", `--to: sender, merchant or an address, not ${value}`);
  }
  return getAddress(value);
}

const paymentArg = { name: "<paymentId>", help: "the bytes32 paymentId" };

export const depositReturnCommands: AdminCommandSpec[] = [
  {
    group: "deposit",
    name: "return-excess",
    description:
      "send an overpayment's excess back to whoever sent it, one return per sender (run again, it sends only what is newly owed and shows the excess returns)",
    args: [paymentArg],
    async run(ctx, { args: [paymentId] }, out) {
      const deps = returnDeps(ctx);
      const { returns } = await returnExcess(deps, await findReturnPayment(deps, paymentId as string));
      out.result(returns, printReturns);
    },
  },
  {
    group: "deposit",
    name: "recover",
    description:
      "send another token than the payment's back to each of its senders, what they sent; or what no recorded transfer brought (native coin) to the merchant or an address",
    args: [paymentArg],
    options: [
      {
        flags: "--token <token>",
        help: "the token's address, or native for the chain's coin",
        parse: tokenOption,
        required: true,
      },
      {
        flags: "--to <destination>",
        help: "sender (each sender of that token, their own transfers), merchant (its recipient) or an address: these two get only what no sender is owed",
        parse: destinationOption,
        default: "sender",
      },
    ],
    async run(ctx, { args: [paymentId], opts }, out) {
      const deps = returnDeps(ctx);
      const sent = await recoverDeposit(deps, await findReturnPayment(deps, paymentId as string), {
        token: opts.token as Address,
        to: opts.to as RecoveryDestination,
      });
      out.result(sent, printReturns);
    },
  },
  {
    group: "deposit",
    name: "returns",
    description: "the returns from a payment's deposit address, oldest first",
    args: [paymentArg],
    async run(ctx, { args: [paymentId] }, out) {
      const deps = returnDeps(ctx);
      const payment = await findReturnPayment(deps, paymentId as string);
      out.result(await listPaymentReturns(deps.gasless.db, payment, deps.gasless.now()), printReturns);
    },
  },
];

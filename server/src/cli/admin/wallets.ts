import * as wallets from "../../core/dashboard/wallets.js";
import type { AdminCommandSpec } from "./spec.js";
import { printTable } from "../output.js";

/** Printed when taking a wallet's access away revoked the secret key its dashboard session issued. */
export const revokedKeyNotice =
  "The secret API key this wallet's dashboard session issued was revoked with its access: issue the merchant's server a new one with `kassa admin merchant rotate-keys`.";

const merchantKeyArg = { name: "<merchantKey>", help: "the merchant's key (mch_...)" };
const addressArg = { name: "<address>", help: "the wallet's address (0x...)" };

function printWallets(list: wallets.MerchantWallet[]) {
  printTable(list, [
    ["ADDRESS", (w) => w.address],
    ["KIND", (w) => w.kind],
    ["LABEL", (w) => w.label],
    ["ADDED", (w) => w.createdAt],
  ]);
}

/** `kassa admin merchant add-wallet | remove-wallet | wallets`: who may sign in to a merchant's dashboard. */
export const walletCommands: AdminCommandSpec[] = [
  {
    group: "merchant",
    name: "add-wallet",
    description: "let a wallet sign in to the merchant's dashboard (the recipient address always may)",
    args: [merchantKeyArg, addressArg],
    options: [{ flags: "--label <label>", help: "whose wallet it is, for the operator" }],
    async run(ctx, { args: [merchantKey, address], opts }, out) {
      const wallet = await wallets.addWallet(ctx.db, merchantKey as string, {
        address: address as string,
        ...(opts.label === undefined ? {} : { label: opts.label as string }),
      });
      out.result(wallet, (w) => printWallets([w]));
    },
  },
  {
    group: "merchant",
    name: "remove-wallet",
    description:
      "stop a wallet signing in to the merchant's dashboard; its sessions end at once, and a secret key one of them issued is revoked",
    args: [merchantKeyArg, addressArg],
    async run(ctx, { args: [merchantKey, address] }, out) {
      const removed = await wallets.removeWallet(ctx.db, merchantKey as string, address as string);
      out.result(removed, (r) => {
        console.log(`${r.address} may no longer sign in`);
        if (r.secretKeyRevoked) console.log(revokedKeyNotice);
      });
    },
  },
  {
    group: "merchant",
    name: "wallets",
    description: "list the wallets that may sign in to the merchant's dashboard",
    args: [merchantKeyArg],
    async run(ctx, { args: [merchantKey] }, out) {
      out.result(await wallets.listWallets(ctx.db, merchantKey as string), printWallets);
    },
  },
];

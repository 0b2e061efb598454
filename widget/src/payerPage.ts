/**
 * The payer's subscriptions page (`/subscriptions`, drawn by the subscribe page's bundle): the payer signs in
 * with their wallet (an EIP-4361 message, POST /public/payer/session), sees the subscriptions that wallet
 * signed in plain words, each with the merchant it pays, and signs out. Canceling one asks first (what ends, and
 * that the wallet will send a transaction); then the wallet calls the gateway's `cancelSubscription` itself (the
 * payer needs nobody for it), and Kassa is told (POST /public/payer/subscriptions/:id/cancel) and stops charging
 * at once. A subscription PAST_DUE because the allowance fell short says so and offers to allow the charges
 * left again (an approve on top of what the wallet allows, which other subscriptions draw on).
 */
import { subscriptionTypes } from "@kassa/contracts/subscriptions";
import { encodeFunctionData, formatUnits, getAddress, toHex, type Address, type Hex } from "viem";
import { createSiweMessage } from "viem/siwe";
import { addToAllowance, encodeApprove, readAllowance, readChainId } from "./chain.js";
import { button, h } from "./dom.js";
import { actions, lang, paragraph, show, summary, t as widgetText } from "./page.js";
import { payerMessages } from "./payerMessages.js";
import { translator } from "@kassa/i18n";
import {
  api,
  devWallets,
  failed,
  PageError,
  periodWords,
  sendAndWait,
  waiting,
  type Subscription,
} from "./subscriptionPages.js";
import { walletLabel } from "./views/connect.js";
import { discoverWallets, request, WalletError, type DiscoveredWallet } from "./wallet/eip1193.js";

const t = translator(payerMessages, lang);

/** A subscription as GET /public/payer/subscriptions lists it. */
interface PayerSubscription extends Subscription {
  payerAddress: Address;
  startsAt: number;
  usePermit2: boolean;
  nextPeriod: number;
  nextChargeAt: string | null;
  lastError: string | null;
  chargesMade: { status: string }[];
}

interface Signed {
  provider: DiscoveredWallet["provider"];
  account: Address;
}

/** The gateway's `cancelSubscription(Subscription)`, its tuple the signed schedule's fields. */
const cancelAbi = [
  {
    type: "function",
    name: "cancelSubscription",
    stateMutability: "nonpayable",
    inputs: [{ name: "subscription", type: "tuple", components: subscriptionTypes.Subscription }],
    outputs: [],
  },
] as const;

/** "10 USDC every 30 days, 3 of 12 charged, next on 24 Dec 2026". */
function lineWords(sub: PayerSubscription): string {
  const charged = sub.chargesMade.filter((charge) => charge.status === "PAID").length;
  const next =
    sub.nextChargeAt && (sub.status === "ACTIVE" || sub.status === "PAST_DUE")
      ? t("nextOn", { date: new Date(sub.nextChargeAt).toLocaleDateString(lang, { dateStyle: "medium" }) })
      : "";
  return (
    t("line", {
      amount: formatUnits(BigInt(sub.amount), sub.tokenDecimals),
      symbol: sub.tokenSymbol,
      every: periodWords(sub.periodSeconds),
      charged,
      charges: sub.charges,
    }) + next
  );
}

async function switchTo(signed: Signed, chainId: number): Promise<void> {
  if ((await readChainId(signed.provider)) === chainId) return;
  await request(signed.provider, "wallet_switchEthereumChain", [{ chainId: toHex(chainId) }]);
}

const tokens = (sub: PayerSubscription, units: bigint) =>
  `${formatUnits(units, sub.tokenDecimals)} ${sub.tokenSymbol}`;

/** Before anything is sent: what canceling ends, and what the wallet will be asked. */
function confirmCancel(signed: Signed, sub: PayerSubscription): void {
  show(
    "confirm-cancel",
    t("cancelTitle", { merchant: sub.merchantName }),
    paragraph(t("cancelWhat", { merchant: sub.merchantName, schedule: lineWords(sub) })),
    paragraph(t("cancelAsk"), "hint"),
    actions(
      button(
        t("cancelYes"),
        () => void cancel(signed, sub).catch((error: unknown) => failed(error, () => void list(signed))),
        { id: "kassa-cancel-yes" },
      ),
      button(t("cancelNo"), () => void list(signed), { secondary: true }),
    ),
  );
}

/**
 * Allows the gateway the charges left of a PAST_DUE subscription again: the wallet's approve adds them to what it
 * allows now (other subscriptions draw on it). A Permit2 schedule is approved on Permit2, which this page does not
 * do: it says so.
 */
async function allowAgain(signed: Signed, sub: PayerSubscription): Promise<void> {
  if (sub.usePermit2) throw new PageError(t("permit2Allowance"));
  await switchTo(signed, sub.chainId);
  const left = BigInt(sub.amount) * BigInt(Math.max(sub.charges - sub.nextPeriod, 1));
  const allowance = await readAllowance(
    signed.provider,
    sub.tokenAddress,
    signed.account,
    sub.gatewayAddress,
  );
  waiting("approving", t("title"), t("allowing", { added: tokens(sub, left) }));
  await sendAndWait(
    signed.provider,
    {
      from: signed.account,
      to: sub.tokenAddress,
      data: encodeApprove(sub.gatewayAddress, addToAllowance(allowance, left)),
    },
    t("allowFailed"),
  );
  await list(signed);
}

/** The payer's own on-chain cancel, then Kassa's record of it. */
async function cancel(signed: Signed, sub: PayerSubscription): Promise<void> {
  waiting("canceling", t("title"), t("confirmCancel"));
  await switchTo(signed, sub.chainId);
  const data = encodeFunctionData({
    abi: cancelAbi,
    functionName: "cancelSubscription",
    args: [
      {
        subscriptionId: sub.subscriptionId,
        payer: sub.payerAddress,
        tokenAddress: sub.tokenAddress,
        amount: BigInt(sub.amount),
        variableAmount: sub.variableAmount,
        usePermit2: sub.usePermit2,
        recipientAddress: sub.recipientAddress,
        merchantId: sub.merchantId,
        period: BigInt(sub.periodSeconds),
        startsAt: BigInt(sub.startsAt),
        charges: BigInt(sub.charges),
      },
    ],
  });
  await sendAndWait(
    signed.provider,
    { from: signed.account, to: sub.gatewayAddress, data },
    t("cancelFailed"),
  );
  await api(`payer/subscriptions/${encodeURIComponent(sub.id)}/cancel`, {});
  await list(signed);
}

/** Ends the payer's session: the cookie is cleared, and the page asks for a wallet again. */
async function signOut(): Promise<void> {
  await api("payer/session", undefined, "DELETE");
  start();
}

async function list(signed: Signed): Promise<void> {
  const { subscriptions } = await api<{ subscriptions: PayerSubscription[] }>("payer/subscriptions");
  const retry = () => void list(signed);
  const items = subscriptions.map((sub) => {
    const live = sub.status === "ACTIVE" || sub.status === "PAST_DUE";
    const short = sub.status === "PAST_DUE" && (sub.lastError ?? "").includes("allowance");
    return h(
      "li",
      { class: "subscription", "data-id": sub.id, "data-status": sub.status },
      h("p", { class: "merchant" }, sub.merchantName),
      ...(sub.description ? [h("p", { class: "muted" }, sub.description)] : []),
      h("p", { class: "schedule" }, lineWords(sub)),
      h("p", { class: "status" }, t(`status_${sub.status}`)),
      short ? h("p", { role: "alert", class: "notice" }, t("allowanceShort")) : null,
      live
        ? actions(
            short
              ? button(
                  t("allowAgain"),
                  () => void allowAgain(signed, sub).catch((e: unknown) => failed(e, retry)),
                )
              : null,
            button(t("cancel"), () => confirmCancel(signed, sub), { secondary: short }),
          )
        : null,
    );
  });
  show(
    "subscriptions",
    t("title"),
    items.length === 0 ? paragraph(t("none")) : h("ul", { class: "subscriptions" }, ...items),
    actions(
      button(t("signOut"), () => void signOut().catch((error: unknown) => failed(error, start)), {
        secondary: true,
        id: "kassa-sign-out",
      }),
    ),
  );
}

async function signIn(wallet: DiscoveredWallet): Promise<void> {
  const { provider } = wallet;
  waiting("signing-in", t("title"), t("signingIn"));
  const [account] = await request<Address[]>(provider, "eth_requestAccounts");
  if (!account) throw new WalletError("the wallet shared no account", undefined);
  const walletChainId = await readChainId(provider);
  const { nonce, domain, uri, chainIds } = await api<{
    nonce: string;
    domain: string;
    uri: string;
    chainIds: number[];
  }>("payer/nonce");
  const message = createSiweMessage({
    domain,
    address: getAddress(account),
    statement: "Sign in to see your subscriptions.",
    uri,
    version: "1",
    // A chain Kassa serves: the wallet's own when it is one.
    chainId: chainIds.includes(walletChainId) ? walletChainId : (chainIds[0] ?? walletChainId),
    nonce,
    issuedAt: new Date(),
  });
  const signature = await request<Hex>(provider, "personal_sign", [toHex(message), account]);
  const session = await api<{ address: Address }>("payer/session", { message, signature });
  summary.replaceChildren(h("p", { class: "muted", id: "kassa-payer" }, t("signedInAs", session)));
  await list({ provider, account: getAddress(account) });
}

export function start(): void {
  summary.replaceChildren();
  const wallets = h("ul", { class: "wallets" });
  const note = h("p", { class: "muted", id: "kassa-no-wallet" });
  show("sign-in", t("title"), paragraph(t("signInIntro")), wallets, note);
  const dev = devWallets();
  const stop = discoverWallets((discovered) => {
    const found = [...discovered, ...dev];
    note.textContent = found.length === 0 ? widgetText("noWallet") : "";
    wallets.replaceChildren(
      ...found.map((wallet) =>
        h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: "wallet",
              onclick: () => {
                stop();
                signIn(wallet).catch((error: unknown) => failed(error, start));
              },
            },
            walletLabel(wallet),
          ),
        ),
      ),
    );
  });
}

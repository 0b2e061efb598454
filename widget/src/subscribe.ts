/**
 * The hosted subscribe page (`/subscribe/<sub_ id>`): the schedule in plain words, then the payer's wallet
 * allows the gateway the whole schedule (an exact approve of amount x charges, reset to 0 first where the token
 * refuses to change one non-zero allowance to another) and signs the `Subscription` once; the signature is
 * sent to POST /public/subscriptions/:id/authorize. A separate entry from the payment widget (its own bundle),
 * drawn in the widget's card with its stylesheet and wallet list.
 */
import { subscriptionTypedData } from "@kassa/contracts/subscriptions";
import { formatUnits, type Address, type Hex } from "viem";
import {
  accepts,
  encodeApprove,
  readAllowance,
  readChainId,
  readTokenBalance,
  sendTransaction,
  signTypedData,
  waitForReceipt,
} from "./chain.js";
import { h } from "./dom.js";
import { paragraph, show, summary } from "./page.js";
import {
  api,
  devWallets,
  failed,
  PageError,
  periodWords,
  t,
  waiting,
  type Subscription,
} from "./subscriptionPages.js";
import { connectScreen } from "./views/connect.js";
import {
  discoverWallets,
  request,
  WalletError,
  type DiscoveredWallet,
  type Eip1193Provider,
} from "./wallet/eip1193.js";

/** "10 USDC every 30 days, 12 times, cancel any time" ("20 USD in USDC (at most 25 USDC) every..." for a fiat plan). */
function scheduleWords(sub: Subscription): string {
  const amount = formatUnits(BigInt(sub.amount), sub.tokenDecimals);
  const fiat = sub.variableAmount && sub.currency !== null && sub.fiatAmount !== null;
  return t("schedule", {
    amount: fiat ? `${sub.fiatAmount} ${sub.currency}` : amount,
    symbol: fiat ? t("fiatSymbol", { symbol: sub.tokenSymbol, max: amount }) : sub.tokenSymbol,
    every: periodWords(sub.periodSeconds),
    times: sub.charges === 1 ? t("once") : t("times", { n: sub.charges }),
  });
}

async function send(provider: Eip1193Provider, from: Address, to: Address, data: Hex): Promise<void> {
  const hash = await sendTransaction(provider, { from, to, data });
  if (!(await waitForReceipt(provider, hash))) throw new PageError(t("approveFailed"));
}

/** Allows the gateway exactly the whole schedule, unless it already may take that much. */
async function ensureAllowance(provider: Eip1193Provider, account: Address, sub: Subscription) {
  const total = BigInt(sub.amount) * BigInt(sub.charges);
  const allowance = await readAllowance(provider, sub.tokenAddress, account, sub.gatewayAddress);
  if (allowance >= total) return;
  const approve = encodeApprove(sub.gatewayAddress, total);
  const v = { amount: formatUnits(total, sub.tokenDecimals), symbol: sub.tokenSymbol };
  if (allowance > 0n && !(await accepts(provider, account, sub.tokenAddress, approve))) {
    waiting("reset", t("approveTitle"), t("resetting", v));
    await send(provider, account, sub.tokenAddress, encodeApprove(sub.gatewayAddress, 0n));
  }
  waiting("approve", t("approveTitle"), t("approving", v));
  await send(provider, account, sub.tokenAddress, approve);
}

async function subscribe(sub: Subscription, wallet: DiscoveredWallet): Promise<void> {
  const { provider } = wallet;
  waiting("connecting", t("subscribeTitle"), t("connecting"));
  const [account] = await request<Address[]>(provider, "eth_requestAccounts");
  if (!account) throw new WalletError("the wallet shared no account", undefined);
  if ((await readChainId(provider)) !== sub.chainId) {
    await request(provider, "wallet_switchEthereumChain", [{ chainId: `0x${sub.chainId.toString(16)}` }]);
    if ((await readChainId(provider)) !== sub.chainId) throw new PageError(t("wrongNetwork"));
  }
  const balance = await readTokenBalance(provider, sub.tokenAddress, account);
  if (balance < BigInt(sub.amount)) throw new PageError(t("insufficient", { symbol: sub.tokenSymbol }));
  await ensureAllowance(provider, account, sub);
  const startsAt = sub.startsAt ?? Math.floor(Date.now() / 1000);
  waiting("sign", t("subscribeTitle"), t("signing"));
  const typed = subscriptionTypedData({
    chainId: sub.chainId,
    gateway: sub.gatewayAddress,
    subscription: {
      subscriptionId: sub.subscriptionId,
      payer: account,
      tokenAddress: sub.tokenAddress,
      amount: BigInt(sub.amount),
      variableAmount: sub.variableAmount,
      usePermit2: false,
      recipientAddress: sub.recipientAddress,
      merchantId: sub.merchantId,
      period: BigInt(sub.periodSeconds),
      startsAt: BigInt(startsAt),
      charges: BigInt(sub.charges),
    },
  });
  // The gateway's domain names all four fields.
  const domain = typed.domain as Parameters<typeof signTypedData>[2]["domain"];
  const signature = await signTypedData(provider, account, {
    ...typed,
    domain,
    message: { ...typed.message },
  });
  const active = await api<Subscription>(`subscriptions/${encodeURIComponent(sub.id)}/authorize`, {
    payer: account,
    startsAt,
    usePermit2: false,
    signature,
  });
  show("active", t("activeTitle"), paragraph(t("active", { schedule: scheduleWords(active) })));
}

function chooseWallet(sub: Subscription): void {
  const dev = devWallets();
  const wallet = (chosen: DiscoveredWallet) => {
    stop();
    subscribe(sub, chosen).catch((error: unknown) => failed(error, () => chooseWallet(sub)));
  };
  const render = connectScreen(
    { symbol: sub.tokenSymbol },
    dev.map((account) => account.label),
    { wallet, dev: (index) => dev[index] && wallet(dev[index]) },
  );
  const stop = discoverWallets(render);
}

async function start(): Promise<void> {
  waiting("loading", t("subscribeTitle"), t("loading"));
  const id = decodeURIComponent(location.pathname.split("/").pop() ?? "");
  let sub: Subscription;
  try {
    sub = await api<Subscription>(`subscriptions/${encodeURIComponent(id)}`);
  } catch (error) {
    return failed(error, () => void start());
  }
  summary.replaceChildren(
    ...(sub.description ? [h("p", { class: "muted" }, sub.description)] : []),
    h("p", { class: "amount", id: "kassa-schedule" }, scheduleWords(sub)),
  );
  if (sub.status !== "PENDING") {
    return show(
      sub.status === "ACTIVE" ? "active" : "closed",
      t("subscribeTitle"),
      paragraph(sub.status === "ACTIVE" ? t("alreadyActive") : t("closed")),
    );
  }
  chooseWallet(sub);
}

// The payer's subscriptions page (`/subscriptions`) is drawn by the same bundle.
if (location.pathname === "/subscriptions") void import("./payerPage.js").then((page) => page.start());
else void start();

/**
 * The hosted subscribe page (`/subscribe/<sub_ id>`): who asks (the merchant, the recipient), the schedule in
 * plain words, its last charge and its most in all; once the wallet is chosen, a review of what it will be asked;
 * then the wallet raises the gateway's allowance by the whole schedule (amount x charges on top of what it
 * allows already, which other subscriptions draw on; reset to 0 first where the token refuses to change one
 * non-zero allowance to another) and signs the `Subscription` once; the signature is sent to
 * POST /public/subscriptions/:id/authorize, and the page ends with a link to the payer's subscriptions. A separate entry from the payment widget (its own bundle),
 * drawn in the widget's card with its stylesheet and wallet list.
 */
import { subscriptionTypedData } from "@kassa/contracts/subscriptions";
import { formatUnits, maxUint256, type Address } from "viem";
import {
  accepts,
  addToAllowance,
  encodeApprove,
  readAllowance,
  readChainId,
  readTokenBalance,
  signTypedData,
} from "./chain.js";
import { button, h } from "./dom.js";
import { actions, lang, paragraph, show, summary } from "./page.js";
import {
  api,
  devWallets,
  failed,
  PageError,
  periodWords,
  sendAndWait,
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

const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString(lang, { dateStyle: "medium", timeZone: "UTC" }) + " UTC";
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
const tokens = (sub: Subscription, units: bigint) =>
  `${formatUnits(units, sub.tokenDecimals)} ${sub.tokenSymbol}`;
/** The most the whole schedule takes: a charge (or a fiat plan's maximum) times the charges. */
const scheduleTotal = (sub: Subscription) => BigInt(sub.amount) * BigInt(sub.charges);

/** The card's header: who asks, what, how often, until when, and where the money goes. */
function renderSummary(sub: Subscription): void {
  const startsAt = sub.startsAt ?? Math.floor(Date.now() / 1000);
  const last = startsAt + (sub.charges - 1) * sub.periodSeconds;
  const fact = (label: string, value: string, id?: string) =>
    h("div", {}, h("dt", {}, label), h("dd", id ? { id } : {}, value));
  summary.replaceChildren(
    h(
      "div",
      { class: "summary-top" },
      h("p", { class: "merchant", id: "kassa-merchant" }, t("subscribeTo", { merchant: sub.merchantName })),
    ),
    ...(sub.description ? [h("p", { class: "muted" }, sub.description)] : []),
    h("p", { class: "amount", id: "kassa-schedule" }, scheduleWords(sub)),
    h(
      "dl",
      { class: "facts" },
      fact(t("paidTo"), `${sub.merchantName} (${short(sub.recipientAddress)})`, "kassa-recipient"),
      fact(
        t("charges"),
        sub.startsAt === null
          ? t("chargesFromSigning", { n: sub.charges, last: day(last) })
          : t("chargesFrom", { n: sub.charges, first: day(sub.startsAt), last: day(last) }),
        "kassa-until",
      ),
      fact(t("inAll"), t("atMost", { total: tokens(sub, scheduleTotal(sub)) }), "kassa-total"),
    ),
  );
}

/** What the wallet will be asked, read once it is connected. */
interface Review {
  account: Address;
  /** What the gateway may take now (other subscriptions draw on it): kept, the schedule is added to it. */
  allowance: bigint;
  /** The approve's new allowance; undefined when an unlimited allowance covers it already. */
  target: bigint | undefined;
  /** The token refuses to change one non-zero allowance to another: set to 0 first. */
  reset: boolean;
}

/** Accounts this page already raised the allowance for: a retry (a declined signature) asks no second approve. */
const approvedFor = new Set<string>();

/**
 * The approve this subscription needs: the gateway's allowance is shared by the payer's subscriptions and
 * one-off payments, so it is raised by the whole schedule on top of what it is (an exact approve of the schedule
 * alone would take away what another subscription still needs).
 */
async function readReview(provider: Eip1193Provider, account: Address, sub: Subscription): Promise<Review> {
  const allowance = await readAllowance(provider, sub.tokenAddress, account, sub.gatewayAddress);
  if (allowance === maxUint256 || approvedFor.has(account.toLowerCase())) {
    return { account, allowance, target: undefined, reset: false };
  }
  const target = addToAllowance(allowance, scheduleTotal(sub));
  const reset =
    allowance > 0n &&
    !(await accepts(provider, account, sub.tokenAddress, encodeApprove(sub.gatewayAddress, target)));
  return { account, allowance, target, reset };
}

async function connect(sub: Subscription, wallet: DiscoveredWallet): Promise<Review> {
  const { provider } = wallet;
  waiting("connecting", t("subscribeTitle"), t("connecting"));
  const [account] = await request<Address[]>(provider, "eth_requestAccounts");
  if (!account) throw new WalletError("the wallet shared no account", undefined);
  if (sub.payerAddress !== null && sub.payerAddress.toLowerCase() !== account.toLowerCase()) {
    throw new PageError(t("otherWallet", { wallet: sub.payerAddress }));
  }
  if ((await readChainId(provider)) !== sub.chainId) {
    await request(provider, "wallet_switchEthereumChain", [{ chainId: `0x${sub.chainId.toString(16)}` }]);
    if ((await readChainId(provider)) !== sub.chainId) throw new PageError(t("wrongNetwork"));
  }
  const balance = await readTokenBalance(provider, sub.tokenAddress, account);
  if (balance < BigInt(sub.amount)) throw new PageError(t("insufficient", { symbol: sub.tokenSymbol }));
  return readReview(provider, account, sub);
}

/** The review: what the wallet will be asked, in order, before it is asked anything. */
function reviewScreen(sub: Subscription, wallet: DiscoveredWallet, review: Review): void {
  const v = {
    added: tokens(sub, scheduleTotal(sub)),
    total: tokens(sub, review.target ?? review.allowance),
    kept: tokens(sub, review.allowance),
    wallet: short(review.account),
  };
  const step = (id: string, title: string, why: string) =>
    h(
      "li",
      { class: "step pending", "data-step": id },
      h("span", { class: "step-title" }, title),
      h("span", { class: "step-why" }, why),
    );
  const steps = [
    review.reset ? step("reset", t("stepReset"), t("stepResetWhy")) : null,
    review.target === undefined
      ? null
      : step(
          "approve",
          t("stepApprove", v),
          review.allowance > 0n ? t("stepApproveKeeps", v) : t("stepApproveWhy", v),
        ),
    step("sign", t("stepSign"), t("stepSignWhy", { merchant: sub.merchantName })),
  ].filter((item): item is HTMLLIElement => item !== null);
  show(
    "review",
    t("reviewTitle"),
    paragraph(t("reviewIntro", v), "steps-intro"),
    h("ol", { class: "steps" }, ...steps),
    actions(
      button(
        t("subscribeButton"),
        () => {
          subscribe(sub, wallet, review).catch((error: unknown) => failed(error, () => chooseWallet(sub)));
        },
        { id: "kassa-subscribe" },
      ),
      button(t("notNow"), () => chooseWallet(sub), { secondary: true }),
    ),
  );
}

/** The token's `approve(gateway, allowance)`, from the payer. */
function approval(from: Address, sub: Subscription, allowance: bigint) {
  return { from, to: sub.tokenAddress, data: encodeApprove(sub.gatewayAddress, allowance) };
}

/** Raises the allowance by the whole schedule (after a reset to 0 where the token needs it). */
async function approve(provider: Eip1193Provider, sub: Subscription, review: Review): Promise<void> {
  if (review.target === undefined) return;
  const v = { added: tokens(sub, scheduleTotal(sub)), total: tokens(sub, review.target) };
  if (review.reset) {
    waiting("reset", t("approveTitle"), t("resetting", v));
    await sendAndWait(provider, approval(review.account, sub, 0n), t("approveFailed"));
  }
  waiting("approve", t("approveTitle"), t("approving", v));
  await sendAndWait(provider, approval(review.account, sub, review.target), t("approveFailed"));
  approvedFor.add(review.account.toLowerCase());
}

async function subscribe(sub: Subscription, wallet: DiscoveredWallet, review: Review): Promise<void> {
  const { provider } = wallet;
  const { account } = review;
  await approve(provider, sub, review);
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
  show(
    "active",
    t("activeTitle", { merchant: sub.merchantName }),
    paragraph(t("active", { merchant: sub.merchantName, schedule: scheduleWords({ ...sub, ...active }) })),
    links(sub),
  );
}

/** Back to the merchant (when it gave its page), and where the payer sees and cancels their subscriptions. */
function links(sub: Subscription): HTMLDivElement {
  const back =
    sub.returnUrl && /^https?:\/\//i.test(sub.returnUrl)
      ? h(
          "a",
          { href: sub.returnUrl, class: "button", id: "kassa-return" },
          t("backTo", { merchant: sub.merchantName }),
        )
      : null;
  return h(
    "div",
    { class: "actions" },
    back,
    h("a", { href: "/subscriptions", class: "button secondary", id: "kassa-manage" }, t("manage")),
  );
}

async function review(sub: Subscription, wallet: DiscoveredWallet): Promise<void> {
  reviewScreen(sub, wallet, await connect(sub, wallet));
}

function chooseWallet(sub: Subscription): void {
  const dev = devWallets();
  const wallet = (chosen: DiscoveredWallet) => {
    stop();
    review(sub, chosen).catch((error: unknown) => failed(error, () => chooseWallet(sub)));
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
  renderSummary(sub);
  if (sub.status !== "PENDING") {
    const signed = sub.status === "ACTIVE" || sub.status === "PAST_DUE";
    return show(
      signed ? "active" : "closed",
      t("subscribeTitle"),
      paragraph(signed ? t(sub.status === "ACTIVE" ? "alreadyActive" : "pastDue") : t("closed")),
      signed ? links(sub) : null,
    );
  }
  chooseWallet(sub);
}

// The payer's subscriptions page (`/subscriptions`) is drawn by the same bundle.
if (location.pathname === "/subscriptions") void import("./payerPage.js").then((page) => page.start());
else void start();

import { type Hex } from "viem";
import { type Payment } from "./api.js";
import { button, h } from "./dom.js";
import {
  executePlan,
  gaslessAvailable,
  planPayment,
  type FlowContext,
  type Plan,
  type StepId,
} from "./flow.js";
import { type MessageKey } from "./i18n.js";
import { t, state, screen, announce, show, paragraph, actions, vars } from "./page.js";
import { txLink, routeByStatus } from "./screens.js";
import { walletLine } from "./connect.js";
import { handleError } from "./failures.js";

/**
 * Paying: the review of the plan's steps, running them, and waiting for the payment to be PAID.
 */
const stepText: Record<StepId, [MessageKey, MessageKey, MessageKey]> = {
  permit: ["stepPermit", "stepPermitAsk", "stepPermitWhy"],
  faucet: ["stepFaucet", "stepFaucetAsk", "stepFaucetWhy"],
  approve: ["stepApprove", "stepApproveAsk", "stepApproveWhy"],
  forward: ["stepForward", "stepForwardAsk", "stepForwardWhy"],
  pay: ["stepPay", "stepPayAsk", "stepPayWhy"],
};

function stepList(plan: Plan, current?: StepId): HTMLOListElement {
  const index = current ? plan.steps.indexOf(current) : -1;
  return h(
    "ol",
    { class: "steps" },
    plan.steps.map((step, i) => {
      const [title, ask, why] = stepText[step];
      const status = i < index ? "done" : i === index ? "current" : "pending";
      const statusLabel = t(
        status === "done" ? "stepDone" : status === "current" ? "stepCurrent" : "stepPending",
      );
      return h(
        "li",
        {
          class: `step ${status}`,
          "data-step": step,
          ...(status === "current" ? { "aria-current": "step" } : {}),
        },
        h(
          "span",
          { class: "step-title" },
          t(title, vars()),
          h("span", { class: "sr-only" }, ` (${statusLabel})`),
        ),
        h("span", { class: "step-ask" }, t(ask, vars())),
        h("span", { class: "step-why" }, t(why, vars())),
      );
    }),
  );
}

function flowContext(): FlowContext | undefined {
  const { api, payment, connected } = state;
  if (!api || !payment || !connected) return undefined;
  const { serverSignature } = payment;
  if (serverSignature === null) return undefined;
  const previous = state.flow;
  const same = previous?.account === connected.account && previous.provider === connected.wallet.provider;
  state.flow = {
    api,
    payment: { ...payment, serverSignature },
    provider: connected.wallet.provider,
    account: connected.account,
    ...(same && previous?.permit ? { permit: previous.permit } : {}),
  };
  return state.flow;
}

/** What the payer pays network fees for, true to the plan's steps (an approval is a transaction). */
function reviewHint(plan: Plan): string {
  const approves = plan.steps.includes("approve");
  if (!plan.gasless) return t(approves ? "directApproveHint" : "directHint", vars());
  if (plan.steps.includes("faucet")) return t("gaslessFaucetHint", vars());
  return t(approves ? "gaslessApproveHint" : "gaslessHint", vars());
}

export async function review(options: { gasless: boolean }): Promise<void> {
  const ctx = flowContext();
  if (!ctx) return;
  state.busy = true;
  try {
    const gasless = options.gasless && gaslessAvailable(ctx.payment);
    const plan = await planPayment(ctx, { gasless });
    state.busy = false;
    const label = t(gasless ? "payGasless" : "payDirect", vars());
    show(
      gasless ? "review-gasless" : "review-direct",
      t("reviewTitle"),
      walletLine(),
      paragraph(reviewHint(plan), "hint"),
      h("p", { class: "steps-intro" }, t("stepsIntro")),
      stepList(plan),
      actions(
        button(label, () => void pay(plan), { id: "kassa-pay" }),
        gasless
          ? button(t("payWithOwnGas"), () => void review({ gasless: false }), {
              secondary: true,
              id: "kassa-direct",
            })
          : null,
      ),
    );
  } catch (error) {
    state.busy = false;
    handleError(error, () => void review(options));
  }
}

async function pay(plan: Plan): Promise<void> {
  const ctx = flowContext();
  if (!ctx) return;
  state.busy = true;
  const progress = (step: StepId) => {
    show(
      "progress",
      t("progressTitle"),
      stepList(plan, step),
      h("p", { class: "waiting" }, t("checkWallet")),
    );
    const [title, ask] = stepText[step];
    announce(`${t(title, vars())}. ${t(ask, vars())}`);
  };
  try {
    const result = await executePlan(ctx, plan, progress, (hash) => rememberSubmission(hash));
    rememberSubmission(result.txHash ?? RELAYED);
    state.submitted = true;
    state.busy = false;
    await waitForPaid(result.gasless, result.txHash);
  } catch (error) {
    state.busy = false;
    handleError(error, () => void review({ gasless: plan.gasless }));
  }
}

const submissionKey = () => `kassa:submitted:${state.payment?.paymentId ?? ""}`;
/** Remembered instead of a transaction hash when the relayer sends the payment. */
export const RELAYED = "relayed";

function rememberSubmission(submitted: Hex | typeof RELAYED): void {
  try {
    sessionStorage.setItem(submissionKey(), submitted);
  } catch {
    // Storage may be unavailable (private mode, sandboxed iframe): only a reload would miss it.
  }
}

export function recalledSubmission(): string | null {
  try {
    return sessionStorage.getItem(submissionKey());
  } catch {
    return null;
  }
}

export async function waitForPaid(gasless: boolean, txHash: Hex | null): Promise<void> {
  const payment = state.payment;
  const api = state.api;
  if (!payment || !api) return;
  state.submitted = true;
  const status = h(
    "p",
    { class: "waiting", role: "status" },
    gasless ? t("relayQueued") : t("confirmingBody", vars()),
  );
  show("confirming", t("confirmingTitle"), status, txLink(txHash));
  announce(t("confirmingTitle"));
  // The status comes from the server's event stream; polling GET /payments/:id is the fallback while
  // the stream is not open (an old server, a proxy that buffers). A relayed payment (and only one: any
  // other has no relay, GET .../relay would answer 404) also polls its relay, whose failure before
  // broadcast leaves the payment CREATED.
  let done = false;
  const arrived = (latest: Payment): boolean => {
    if (done) return true;
    state.payment = { ...latest, merchantName: latest.merchantName ?? payment.merchantName };
    done = routeByStatus(state.payment);
    return done;
  };
  const stream = new AbortController();
  let streaming = false;
  // Reopened when the server ends it early (its time limit); given up after 3 failures in a row.
  const follow = async () => {
    for (let failures = 0; failures < 3 && !done && !stream.signal.aborted;) {
      streaming = true;
      const ended = await api.watchPayment(payment.paymentId, arrived, stream.signal).then(
        () => true,
        () => false,
      );
      streaming = false;
      failures = ended ? 0 : failures + 1;
      if (!done) await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  };
  void follow();
  try {
    for (let attempt = 0; !done; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, attempt < 5 ? 800 : 2000));
      if (done) return;
      try {
        if (!streaming && arrived(await api.getPayment(payment.paymentId))) return;
        if (gasless) {
          const relay = await api.getRelay(payment.paymentId).catch(() => null);
          if (done) return;
          if (relay?.status === "FAILED") {
            done = true;
            state.submitted = false;
            return show(
              "tx-failed",
              t("txFailedTitle"),
              h("p", { role: "alert" }, t("txFailedBody", { detail: relay.errorMessage ?? "" })),
              actions(
                button(t("payWithOwnGas"), () => void review({ gasless: false }), { id: "kassa-direct" }),
              ),
            );
          }
          if (relay?.transactionHash && !screen.querySelector(".tx"))
            screen.append(txLink(relay.transactionHash) ?? "");
        }
      } catch {
        // A failed poll is retried; the payment is on-chain either way.
      }
    }
  } finally {
    stream.abort();
  }
}

import { button, h } from "../dom.js";
import type { Plan, StepId } from "../flow.js";
import type { MessageKey } from "../messages.js";
import { actions, paragraph, show, t, type Vars } from "../page.js";

/** The screens of paying: the review of the plan's steps, their progress, and the confirmation wait. */

const stepText: Record<StepId, [MessageKey, MessageKey, MessageKey]> = {
  authorize: ["stepAuthorize", "stepSignAsk", "stepAuthorizeWhy"],
  permit2: ["stepPermit2", "stepSignAsk", "stepPermit2Why"],
  intent: ["stepIntent", "stepSignAsk", "stepIntentWhy"],
  approvePermit2: ["stepApprovePermit2", "stepApproveAsk", "stepApprovePermit2Why"],
  permit: ["stepPermit", "stepPermitAsk", "stepPermitWhy"],
  faucet: ["stepFaucet", "stepFaucetAsk", "stepFaucetWhy"],
  reset: ["stepReset", "stepResetAsk", "stepResetWhy"],
  approve: ["stepApprove", "stepApproveAsk", "stepApproveWhy"],
  forward: ["stepForward", "stepForwardAsk", "stepForwardWhy"],
  pay: ["stepPay", "stepPayAsk", "stepPayWhy"],
};

/** What a screen reader says when a step starts. */
export function stepAnnouncement(step: StepId, v: Vars): string {
  const [title, ask] = stepText[step];
  return `${t(title, v)}. ${t(ask, v)}`;
}

function stepList(plan: Plan, v: Vars, current?: StepId): HTMLOListElement {
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
        h("span", { class: "step-title" }, t(title, v), h("span", { class: "sr-only" }, ` (${statusLabel})`)),
        h("span", { class: "step-ask" }, t(ask, v)),
        h("span", { class: "step-why" }, t(why, v)),
      );
    }),
  );
}

/** What the payer pays network fees for, true to the plan's steps (an approval is a transaction). */
function reviewHint(plan: Plan, v: Vars): string {
  const approves = plan.steps.includes("approve") || plan.steps.includes("approvePermit2");
  if (!plan.gasless) return t(approves ? "directApproveHint" : "directHint", v);
  if (plan.steps.includes("faucet")) return t("gaslessFaucetHint", v);
  return t(approves ? "gaslessApproveHint" : "gaslessHint", v);
}

export function reviewScreen(
  plan: Plan,
  v: Vars,
  wallet: HTMLElement | null,
  onPay: () => void,
  onPayDirect: () => void,
): void {
  show(
    plan.gasless ? "review-gasless" : "review-direct",
    t("reviewTitle"),
    wallet,
    paragraph(reviewHint(plan, v), "hint"),
    h("p", { class: "steps-intro" }, t("stepsIntro")),
    stepList(plan, v),
    actions(
      button(t(plan.gasless ? "payGasless" : "payDirect", v), onPay, { id: "kassa-pay" }),
      plan.gasless ? button(t("payWithOwnGas"), onPayDirect, { secondary: true, id: "kassa-direct" }) : null,
    ),
  );
}

export function progressScreen(plan: Plan, step: StepId, v: Vars): void {
  show(
    "progress",
    t("progressTitle"),
    stepList(plan, v, step),
    h("p", { class: "waiting" }, t("checkWallet")),
  );
}

export function confirmingScreen(v: Vars, relayed: boolean, tx: HTMLElement | null): void {
  show(
    "confirming",
    t("confirmingTitle"),
    h("p", { class: "waiting", role: "status" }, relayed ? t("relayQueued") : t("confirmingBody", v)),
    tx,
  );
}

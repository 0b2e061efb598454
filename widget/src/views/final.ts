import type { Hex } from "viem";
import { button, h } from "../dom.js";
import { actions, alert, chainParams, paragraph, show, t, type Vars } from "../page.js";

/** The screens that end the flow (success, expired, failed) or stop it (an error), and a transaction's link. */

export function txLink(hash: Hex | null, chainId: number | undefined): HTMLElement | null {
  if (!hash) return null;
  const explorer = chainId === undefined ? undefined : chainParams.get(chainId)?.blockExplorerUrls?.[0];
  const short = `${hash.slice(0, 10)}…${hash.slice(-8)}`;
  return h(
    "p",
    { class: "muted tx" },
    `${t("transaction")}: `,
    explorer
      ? h("a", { href: `${explorer}/tx/${hash}`, target: "_blank", rel: "noopener noreferrer" }, short)
      : h("code", { title: hash }, short),
  );
}

export function successScreen(
  v: Vars,
  tx: HTMLElement | null,
  returnTo: { host: string } | null,
  onReturn: (() => void) | undefined,
  note: HTMLElement | null = null,
): void {
  show(
    "success",
    t("successTitle"),
    h("div", { class: "badge success", "aria-hidden": "true" }, "✓"),
    paragraph(t("successBody", v)),
    note,
    tx,
    returnTo
      ? paragraph(t("redirecting", { host: returnTo.host }), "muted")
      : paragraph(t("closeWindow"), "muted"),
    actions(onReturn ? button(t("returnNow"), onReturn, { id: "kassa-return" }) : null),
  );
}

function backButton(onBack: (() => void) | undefined): HTMLButtonElement | null {
  return onBack ? button(t("backToShop"), onBack, { id: "kassa-return" }) : null;
}

export function expiredScreen(onBack: (() => void) | undefined): void {
  show("expired", t("expiredTitle"), paragraph(t("expiredBody")), actions(backButton(onBack)));
}

export function failedScreen(status: string, onBack: (() => void) | undefined): void {
  show("failed", t("failedTitle"), paragraph(t("failedBody", { status })), actions(backButton(onBack)));
}

export function errorScreen(message: string, retry?: () => void): void {
  show("error", t("errorTitle"), alert(message), actions(retry ? button(t("tryAgain"), retry) : null));
}

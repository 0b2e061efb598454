import { button, h } from "@kassa/widget/dom";
import { api, type Merchant } from "../api.js";
import type { Screen } from "../context.js";
import { shownOnce } from "./webhooks.js";

/** Rotation of the public and secret keys, each new key shown once. */
export async function renderKeys(screen: Screen, main: HTMLElement): Promise<void> {
  const { t } = screen;
  const { merchant } = await api<{ merchant: Merchant }>("/merchant");
  const publicKey = h("code", { class: "mono", id: "public-key" }, merchant.public_key);
  const shown = h("div", {});
  const rotate = (key: "public" | "secret") => {
    const name = t(key === "public" ? "publicKeyName" : "secretKeyName");
    if (!confirm(t("rotateKeyConfirm", { key: name }))) return;
    api<{ publicKey?: string; apiKey?: string }>("/merchants/me/keys/rotate", {
      method: "POST",
      json: { key },
    }).then((answer) => {
      const value = answer.publicKey ?? answer.apiKey ?? "";
      if (answer.publicKey) publicKey.textContent = answer.publicKey;
      shown.replaceChildren(shownOnce(t("newKey", { key: name }), value, "new-key"));
    }, screen.fail);
  };
  main.replaceChildren(
    h(
      "section",
      { class: "card panel", "data-screen": "keys" },
      h("h1", { tabindex: -1 }, t("navKeys")),
      h("p", { role: "note", class: "note" }, h("strong", {}, "⚠ "), t("keysIntro")),
      h("p", {}, t("publicKey"), ": ", publicKey),
      h(
        "div",
        { class: "actions" },
        button(t("rotatePublic"), () => rotate("public"), { secondary: true, id: "rotate-public" }),
        button(t("rotateSecretKey"), () => rotate("secret"), { secondary: true, id: "rotate-secret" }),
      ),
      shown,
    ),
  );
}

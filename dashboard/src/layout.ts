import { h } from "@kassa/widget/dom";

type Children = Parameters<typeof h>[2][];

/** A card section of a screen, labelled by its heading (id `<name>-title`). */
export function titledPanel(name: string, title: string, ...children: Children): HTMLElement {
  return h(
    "section",
    { class: "card panel", "aria-labelledby": `${name}-title` },
    h("h2", { id: `${name}-title` }, title),
    ...children,
  );
}

/** Form controls side by side. */
export function row(...children: Children): HTMLElement {
  return h("div", { class: "row" }, ...children);
}

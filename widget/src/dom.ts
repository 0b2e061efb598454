/** A tiny DOM builder: no framework, no innerHTML (every text goes through textContent). */

type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | boolean | number | ((event: Event) => void) | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") element.addEventListener(name.replace(/^on/, ""), value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return element;
}

export function button(
  label: string,
  onClick: () => void,
  options: { secondary?: boolean; id?: string } = {},
) {
  return h(
    "button",
    {
      type: "button",
      class: options.secondary ? "button secondary" : "button",
      ...(options.id ? { id: options.id } : {}),
      onclick: onClick,
    },
    label,
  );
}

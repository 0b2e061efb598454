/**
 * Texts in English and Korean for every page Kassa shows: the payer widget, the merchant dashboard and
 * the payment-link page (rendered by the server). Each keeps its own table; this package picks the
 * language and fills `{name}` placeholders. Pure: no DOM, no server code, and it imports no other
 * workspace, so the browser bundles and the server depend on it, and never on each other, for it.
 */

export type Lang = "en" | "ko";

/** One table of texts: every key in both languages (the compiler asks for the Korean of each). */
export type Messages<Key extends string> = Record<Lang, Record<Key, string>>;

export type Translate<Key extends string> = (key: Key, values?: Record<string, string | number>) => string;

/** The first of `candidates` (a `lang` parameter, then the browser's languages) that is English or Korean. */
export function pickLang(param: string | null, languages: readonly string[]): Lang {
  for (const candidate of [param, ...languages]) {
    const base = candidate?.toLowerCase().split("-")[0]?.trim();
    if (base === "ko" || base === "en") return base;
  }
  return "en";
}

/** The languages of an `Accept-Language` header, most preferred first (`ko-KR,ko;q=0.9,en;q=0.8`). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag !== "" && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}

/** Fills `{name}` with `values[name]`; a placeholder without a value stays as written. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function translator<Key extends string>(messages: Messages<Key>, lang: Lang): Translate<Key> {
  return (key, values) => fill(messages[lang][key], values);
}

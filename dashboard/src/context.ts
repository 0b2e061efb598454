import type { Session } from "./api.js";
import type { Lang } from "@kassa/i18n";
import type { Translate } from "./messages.js";

/** What every screen gets: the texts, the session, and the shared live region. */
export interface Screen {
  t: Translate;
  lang: Lang;
  session: Session;
  /** Says `message` in the polite live region (screen readers read it). */
  announce(message: string): void;
  /** Shows an API error in the alert region. */
  fail(error: unknown): void;
  /** Goes to a route (`#/payments/<id>`...). */
  go(hash: string): void;
}

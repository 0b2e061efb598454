import { inspect } from "node:util";
import { registerSecretText } from "./scrub.js";

/**
 * A value that must never be printed: `String()`, `JSON.stringify()`, `util.inspect()` and template
 * literals all show `[redacted]`. Only `reveal()` gives the value back. A string value is also
 * registered with scrubText(), so it is cut out of error messages and log lines that quote it.
 */
export class Secret<T = string> {
  readonly #value: T;

  constructor(value: T) {
    this.#value = value;
    for (const text of [value].flat()) if (typeof text === "string") registerSecretText(text);
  }

  reveal(): T {
    return this.#value;
  }

  toString(): string {
    return "[redacted]";
  }

  toJSON(): string {
    return "[redacted]";
  }

  [inspect.custom](): string {
    return "Secret([redacted])";
  }
}

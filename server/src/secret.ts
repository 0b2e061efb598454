import { inspect } from "node:util";

/**
 * A value that must never be printed: `String()`, `JSON.stringify()`, `util.inspect()` and template
 * literals all show `[redacted]`. Only `reveal()` gives the value back.
 */
export class Secret<T = string> {
  readonly #value: T;

  constructor(value: T) {
    this.#value = value;
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

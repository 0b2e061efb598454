/**
 * The root of the server's own errors. `shortMessage` is the one line a person reads; `cause` chains to
 * what caused it (often a dependency's error, whose text may carry secrets and is scrubbed before it is
 * shown); walk() finds an error of a kind anywhere in that chain.
 */
export class BaseError extends Error {
  override readonly name: string = "BaseError";
  readonly shortMessage: string;

  constructor(shortMessage: string, options?: { cause?: unknown }) {
    super(shortMessage, options?.cause === undefined ? undefined : { cause: options.cause });
    this.shortMessage = shortMessage;
  }

  /**
   * The first error of the chain (this one, then each `cause`) that `predicate` accepts, or undefined;
   * without a predicate, the deepest cause.
   */
  walk(predicate?: (error: unknown) => boolean): unknown {
    return walkCauses(this, predicate);
  }
}

/** BaseError's walk() for any error: the first of the chain that `predicate` accepts, else the deepest cause. */
export function walkCauses(error: unknown, predicate: ((error: unknown) => boolean) | undefined): unknown {
  if (predicate?.(error)) return error;
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause === undefined || cause === null) return predicate ? undefined : error;
  return walkCauses(cause, predicate);
}

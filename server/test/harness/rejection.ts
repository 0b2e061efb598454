import { expect } from "vitest";

/**
 * `rejection(promise)`: awaits a promise that must reject with an error of `kind`, and returns that error
 * for the test to inspect (code, message, status).
 */
export function rejectionOf<E>(
  kind: abstract new (...args: never[]) => E,
): (promise: Promise<unknown>) => Promise<E> {
  return async (promise) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(kind);
    return error as E;
  };
}

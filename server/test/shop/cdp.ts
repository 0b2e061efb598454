import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";

/**
 * Just enough of the Chrome DevTools Protocol, over `--remote-debugging-pipe` (no extra package), to
 * open a page in headless Chromium and drive it by evaluating JavaScript in it: what a buyer's clicks
 * do, `element.click()` does.
 */
export interface BrowserTab {
  /** Evaluates `expression` in the page (awaiting a promise) and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Evaluates `expression` until it is truthy (navigations in between are fine); bounded. */
  waitFor<T>(what: string, expression: string, timeoutMs?: number): Promise<T>;
}

export interface HeadlessChromium {
  open(url: string): Promise<BrowserTab>;
  close(): Promise<void>;
}

export async function launchHeadlessChromium(executable: string): Promise<HeadlessChromium> {
  const profile = await mkdtemp(join(tmpdir(), "kassa-shop-chromium-"));
  const child: ChildProcess = spawn(
    executable,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--remote-debugging-pipe",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
  );
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let buffered = "";
  fromBrowser.setEncoding("utf8");
  fromBrowser.on("data", (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf("\0")) >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      buffered = buffered.slice(end + 1);
      const waiter = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiter || message.id === undefined) continue;
      pending.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message.result);
    }
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => {
    for (const waiter of pending.values()) waiter.reject(new Error("Chromium exited"));
    pending.clear();
  });

  function send<T>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }

  return {
    async open(url) {
      const { targetId } = await send<{ targetId: string }>("Target.createTarget", { url });
      const { sessionId } = await send<{ sessionId: string }>("Target.attachToTarget", {
        targetId,
        flatten: true,
      });
      const evaluate = async <T>(expression: string): Promise<T> => {
        const result = await send<{
          result: { value?: unknown };
          exceptionDetails?: { text: string; exception?: { description?: string } };
        }>("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true }, sessionId);
        if (result.exceptionDetails) {
          throw new Error(result.exceptionDetails.exception?.description ?? result.exceptionDetails.text);
        }
        return result.result.value as T;
      };
      return {
        evaluate,
        async waitFor<T>(what: string, expression: string, timeoutMs = 45_000): Promise<T> {
          const deadline = Date.now() + timeoutMs;
          let last: unknown;
          for (;;) {
            try {
              const value = await evaluate<T>(expression);
              if (value) return value;
            } catch (error) {
              // A navigation destroyed the context the expression ran in: try again in the new page.
              last = error;
            }
            if (Date.now() > deadline) {
              const where = await evaluate<string>("location.href").catch(() => "?");
              throw new Error(
                `timed out waiting for ${what} (at ${where})${last ? `: ${String(last)}` : ""}`,
              );
            }
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        },
      };
    },
    async close() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

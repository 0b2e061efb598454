import { ensureStore } from "./store.js";

/**
 * Installs the test store's Medusa when it is not installed yet (minutes, once), and packs and installs the
 * current @kassa/sdk and @kassa/medusa into it (every run). What the install cost is printed for CI's log.
 */
export default async function setup(): Promise<void> {
  const started = performance.now();
  const cost = await ensureStore((line) => console.log(`[medusa store] ${line}`));
  console.log(
    `[medusa store] ready in ${Math.round((performance.now() - started) / 1000)} s` +
      (cost ? ` (Medusa installed: ${cost.seconds} s, ${cost.megabytes} MB, ${cost.packages} packages)` : ""),
  );
}

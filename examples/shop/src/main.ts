import { fileURLToPath } from "node:url";
import { loadShopConfig, usage } from "./config.js";
import { startShop } from "./shop.js";

/** `npm start -w examples/shop -- --dev-file ../../.kassa/dev.json`: the shop, until Ctrl-C. */
let config;
try {
  // `npm start` at the repository root writes .kassa/dev.json: beside it, the shop needs no flags.
  const devFile = fileURLToPath(new URL("../../../.kassa/dev.json", import.meta.url));
  config = loadShopConfig(process.argv.slice(2), process.env, { devFile });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  process.exit(2);
}
if (config === "help") {
  console.log(usage);
} else {
  const shop = await startShop(config).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    // Most often `npm start` at the root, which runs this shop already.
    console.error(`port ${config.port} is in use (does \`npm start\` run this shop already?): pass --port`);
    process.exit(1);
  });
  console.log(`Kassa example shop: ${shop.url}`);
  const stop = () => {
    shop.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  // Started by `kassa dev` over an IPC channel: the channel closes when that process ends, however it ends.
  if (process.connected) process.once("disconnect", stop);
}

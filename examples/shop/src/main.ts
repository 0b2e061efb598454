import { loadShopConfig, usage } from "./config.js";
import { startShop } from "./shop.js";

/** `npm start -w examples/shop -- --dev-file ../../.kassa/dev.json`: the shop, until Ctrl-C. */
let config;
try {
  config = loadShopConfig(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  process.exit(2);
}
if (config === "help") {
  console.log(usage);
} else {
  const shop = await startShop(config);
  console.log(`Kassa example shop: ${shop.url}`);
  const stop = () => {
    shop.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

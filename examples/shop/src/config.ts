import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { ShopOptions } from "./shop.js";

export const usage = `Kassa example shop

  npm start -w examples/shop -- [options]

  --dev-file <path>        read Kassa's URL and the merchant's keys from \`kassa dev\`'s .kassa/dev.json
                           (default: the repository's .kassa/dev.json when it exists)
  --kassa-url <url>        Kassa API base URL, e.g. http://127.0.0.1:3000/api/v1   (SHOP_KASSA_URL)
  --api-key <sk_...>       merchant API key                                         (SHOP_API_KEY)
  --public-key <pk_...>    merchant public key                                      (SHOP_PUBLIC_KEY)
  --webhook-secret <whsec> merchant webhook secret                                  (SHOP_WEBHOOK_SECRET)
  --port <n>               default 4000                                             (SHOP_PORT)
  --host <host>            default 127.0.0.1                                        (SHOP_HOST)
  --public-url <url>       how buyers and webhooks reach the shop                   (SHOP_PUBLIC_URL)
  --token <address>        token to sell in; default the first enabled payment method
  --store-file <path>      keep orders in a JSON file
  --widget-mode <mode>     popup (default), iframe or redirect
`;

/**
 * The shop's only reader of the environment: command-line flags first, then SHOP_* variables, then
 * `--dev-file` (what `kassa dev` wrote; `defaults.devFile` when it exists and no Kassa URL is given),
 * then defaults. Throws with the missing setting named.
 */
export function loadShopConfig(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  defaults: { devFile?: string } = {},
): ShopOptions | "help" {
  const { values } = parseArgs({
    args: argv,
    options: {
      help: { type: "boolean", short: "h" },
      "dev-file": { type: "string" },
      "kassa-url": { type: "string" },
      "api-key": { type: "string" },
      "public-key": { type: "string" },
      "webhook-secret": { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      "public-url": { type: "string" },
      token: { type: "string" },
      "store-file": { type: "string" },
      "widget-mode": { type: "string" },
    },
    strict: true,
  });
  if (values.help) return "help";

  const explicit = values["kassa-url"] ?? env.SHOP_KASSA_URL;
  const devFile =
    values["dev-file"] ??
    env.SHOP_DEV_FILE ??
    (explicit === undefined && defaults.devFile && existsSync(defaults.devFile)
      ? defaults.devFile
      : undefined);
  const dev = devFile ? readDevFile(devFile) : undefined;
  const pick = (flag: string | undefined, variable: string, fromDev: string | undefined) =>
    flag ?? env[variable] ?? fromDev;

  const kassaUrl = pick(values["kassa-url"], "SHOP_KASSA_URL", dev?.apiUrl);
  const apiKey = pick(values["api-key"], "SHOP_API_KEY", dev?.merchant.apiKey);
  const publicKey = pick(values["public-key"], "SHOP_PUBLIC_KEY", dev?.merchant.publicKey);
  const webhookSecret = pick(values["webhook-secret"], "SHOP_WEBHOOK_SECRET", dev?.merchant.webhookSecret);
  const missing = Object.entries({
    "--kassa-url": kassaUrl,
    "--api-key": apiKey,
    "--public-key": publicKey,
    "--webhook-secret": webhookSecret,
  })
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new Error(`missing ${missing.join(", ")} (or pass --dev-file .kassa/dev.json)`);
  }
  const portText = values.port ?? env.SHOP_PORT;
  const port = portText === undefined ? 4000 : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a port number, got ${portText}`);
  const widgetMode = values["widget-mode"] ?? "popup";
  if (widgetMode !== "popup" && widgetMode !== "iframe" && widgetMode !== "redirect") {
    throw new Error(`--widget-mode must be popup, iframe or redirect, got ${widgetMode}`);
  }
  const host = values.host ?? env.SHOP_HOST;
  const publicUrl = values["public-url"] ?? env.SHOP_PUBLIC_URL;
  return {
    kassaUrl: kassaUrl as string,
    apiKey: apiKey as string,
    publicKey: publicKey as string,
    webhookSecret: webhookSecret as string,
    port,
    widgetMode,
    ...(host ? { host } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(values.token ? { tokenAddress: values.token } : {}),
    ...(values["store-file"] ? { storeFile: values["store-file"] } : {}),
  };
}

interface DevFile {
  apiUrl: string;
  merchant: { apiKey: string; publicKey: string; webhookSecret: string };
}

function readDevFile(path: string): DevFile {
  let parsed: DevFile;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8")) as DevFile;
  } catch (error) {
    throw new Error(`cannot read ${path} (start Kassa with \`npm start\` first)`, { cause: error });
  }
  if (typeof parsed?.apiUrl !== "string" || typeof parsed.merchant?.apiKey !== "string") {
    throw new Error(`${path} is not a kassa dev file`);
  }
  return parsed;
}

import { type DevEnvironment, PAYER_TOKEN_GRANT } from "./settings.js";

export function printBox(env: DevEnvironment, devFile: string): void {
  const lines = [
    "Kassa is running locally.",
    "",
    `API          ${env.apiUrl}`,
    `API docs     ${env.docsUrl}`,
    ...(env.shopUrl
      ? [`Example shop ${env.shopUrl}  (Buy, then Pay on the order page: the widget opens)`]
      : []),
    `Widget       ${env.widgetUrl}?publicKey=${env.merchant.publicKey}&paymentId=<paymentId>`,
    `             (it offers a "Dev wallet", so no browser wallet is needed)`,
    `Dashboard    ${env.dashboardUrl}`,
    `             (it offers this wallet as a "Dev wallet"; so do /subscribe/<id> and /subscriptions, the payers)`,
    `  wallet     ${env.dashboardWallet.address}  (the merchant's recipient: it can refund)`,
    `  key        ${env.dashboardWallet.privateKey}`,
    `             (or import it into a wallet; holds ${PAYER_TOKEN_GRANT} of each test token for refunds' fees)`,
    `Chain RPC    ${env.rpcUrl}  (chain id ${env.chainId})`,
    `Gateway      ${env.contracts.gateway}`,
    `Forwarder    ${env.contracts.forwarder}`,
    ...Object.values(env.tokens).map(
      (token) => `Token        ${token.symbol.padEnd(5)} ${token.address}  (${token.decimals} decimals)`,
    ),
    "",
    `Merchant     ${env.merchant.name} (${env.merchant.merchantKey})`,
    `  API key    ${env.merchant.apiKey}`,
    `  Public key ${env.merchant.publicKey}`,
    `  Webhook    ${env.merchant.webhookSecret}`,
    "",
    `Payer        ${env.payers[0]?.address}`,
    `  key        ${env.payers[0]?.privateKey}`,
    `             (import into a wallet; holds ${PAYER_TOKEN_GRANT} of each test token; local chain only)`,
    "",
    `All of this as JSON: ${devFile}`,
    "Ctrl-C stops everything; `npm start -- --reset` starts fresh.",
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const out = [
    `┌${"─".repeat(width + 2)}┐`,
    ...lines.map((line) => `│ ${line.padEnd(width)} │`),
    `└${"─".repeat(width + 2)}┘`,
  ];
  console.log(out.join("\n"));
}

/**
 * The server's test harness as the other workspaces' tests use it, `@kassa/server/harness`: a chain, a Kassa
 * on its own database (`TestApp`, whose `acceptTokens` is the operator's whitelisting), a worker, a browser with
 * a test wallet, and the few actions of the server's own that a client's test needs to set the scene (the
 * expiry sweep, a dashboard wallet, the dev dashboard wallet, the bundles the server serves). The tests of
 * widget/, dashboard/, examples/ and sdk/ reach the server through this entry and the server's public
 * interfaces (HTTP, `kassa`), never through its files (eslint/workspaces.js).
 */
export { devDashboardWallet } from "../../src/cli/dev/settings.js";
export { addWallet } from "../../src/core/dashboard/wallets.js";
export { expirePaymentsPastDeadline } from "../../src/core/payments/expiry.js";
export { findChainByNetworkId } from "../../src/db/chains/chains.js";
export type { ChainRow } from "../../src/db/schema/rows.js";
export { readDashboardBundle, readWidgetBundle } from "../../src/http/bundles.js";

export { startSiblingApp, startTestApp, type SeededMerchant, type TestApp } from "./app.js";
export {
  browserUnavailable,
  launchChromium,
  openSession,
  pageFailures,
  screen,
  screenshot,
  SHOP,
  startMerchantSite,
  type Browser,
  type MerchantSite,
  type Page,
  type PayerSession,
} from "./browser.js";
export { balanceOf, startTestChain, type TestChain, type TestWalletClient } from "./chain.js";
export { dashboardScreenshot, ORIGIN } from "./dashboard.js";
export {
  closeTransferWindow,
  sendTransfer,
  startDepositEnv,
  waitForDepositTransfer,
  type DepositEnv,
} from "./deposits.js";
export {
  freshPayer,
  gaslessSettingsFor,
  relayBody,
  RELAYER_INDEX,
  startGaslessEnv,
  type GaslessPayment,
  type GaslessTestEnv,
} from "./gasless.js";
export {
  createPayment,
  deliveredWebhook,
  fundPayer,
  merchantRecord,
  nextOrderId,
  pay,
  setWebhookUrl,
  startLifecycleApp,
  startLifecycleEnv,
  startLifecycleWorker,
  startReceiver,
  verifyDelivery,
  webhookEvents,
  withForeignSigner,
  type LifecycleEnv,
  type Receiver,
} from "./lifecycle.js";
export type { CreatedPayment } from "./payments.js";
export { addSamples } from "./prices.js";
export { deployRealTokens, type RealTokens } from "./realTokens.js";
export { rejectionOf } from "./rejection.js";
export { PERIOD, startSubscriptionEnv, type SubscriptionEnv } from "./subscriptions.js";
export { sweepDriver } from "./sweeps.js";
export type { TestWalletOptions } from "./testWallet.js";
export { waitFor } from "./waitFor.js";

/**
 * The merchant embed script, served at `/widget.js`: the code of `@kassa/js` (widget/js) as a plain
 * script that defines `window.Kassa`, with Kassa's origin defaulting to where the script came from.
 *
 *   <script src="https://kassa.example.com/widget.js"></script>
 *   Kassa.open({ publicKey, orderId, amount, tokenAddress, successUrl, failUrl, mode: "popup" });
 *   Kassa.open({ publicKey, paymentId, mode: "iframe" }); // created by the merchant's server
 */
import { openWidget, type KassaHandle, type KassaOpenOptions } from "../js/src/open.js";

const scriptOrigin = (() => {
  const src = (document.currentScript as HTMLScriptElement | null)?.src;
  return src ? new URL(src).origin : location.origin;
})();

const api = {
  open: (options: KassaOpenOptions): KassaHandle => openWidget(options, scriptOrigin),
  version: "1",
};
declare global {
  interface Window {
    Kassa: typeof api;
  }
}
window.Kassa = api;

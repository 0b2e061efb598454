/**
 * The payer's way through the widget, as one controller: it holds the payment, the connected wallet and
 * where the flow is, runs each step (connect, network, balance, review, pay, confirm) and decides what
 * comes next, including after a failure. The views (views/) only render what it gives them and call back.
 */
import { formatUnits, type Address, type Hex } from "viem";
import { ApiError, type KassaApi, type Payment } from "./api.js";
import { readChainId, readTokenBalance } from "./chain.js";
import { leave, post } from "./embedder.js";
import {
  executePlan,
  FaucetRefused,
  GaslessUnavailable,
  gaslessAvailable,
  NeedsGas,
  planPayment,
  TransactionFailed,
  type FlowContext,
  type Plan,
} from "./flow.js";
import { announce, chainParams, config, lang, paragraph, screen, t, type Vars } from "./page.js";
import { explainRevert } from "./shared/revert.js";
import {
  addNetworkManuallyScreen,
  connectingScreen,
  connectScreen,
  insufficientScreen,
  switchingScreen,
  walletLine,
  wrongNetworkScreen,
} from "./views/connect.js";
import { transferRefusal, UndeployedWallet } from "./paths/signed.js";
import {
  blockedScreen,
  faucetRefusedScreen,
  gaslessUnavailableScreen,
  needGasScreen,
  payerError,
  rejectedScreen,
  txFailedScreen,
  undeployedWalletScreen,
} from "./views/failures.js";
import { errorScreen, expiredScreen, failedScreen, successScreen, txLink } from "./views/final.js";
import { confirmingScreen, progressScreen, reviewScreen, stepAnnouncement } from "./views/pay.js";
import { amountText, renderCountdown, renderSummary } from "./views/summary.js";
import { receivedAmount, transferMoment, transferOffered, transferScreen } from "./views/transfer.js";
import { devAccounts } from "./wallet/devAccounts.js";
import {
  discoverWallets,
  isUserRejection,
  request,
  UNRECOGNIZED_CHAIN,
  WalletError,
  type DiscoveredWallet,
  type Eip1193Provider,
} from "./wallet/eip1193.js";

/** Remembered instead of a transaction hash when the relayer sends the payment. */
export const RELAYED = "relayed";
/** Remembered when the payer chose to pay by transfer: a reload shows the transfer screen again. */
export const TRANSFER = "transfer";

/** `kassa dev` only: the funded payers the page offers beside the browser's wallets. */
const devWallets = devAccounts(config.devWallet, config.devWalletScript);

const submissionKey = (paymentId: string) => `kassa:submitted:${paymentId}`;

/**
 * What this tab sent for the payment (a transaction hash or RELAYED), so a reload waits instead of paying again,
 * or TRANSFER when the payer chose the transfer path.
 */
export function recalledSubmission(paymentId: string): string | null {
  try {
    return sessionStorage.getItem(submissionKey(paymentId));
  } catch {
    return null;
  }
}

export class Checkout {
  private connected: { wallet: DiscoveredWallet; account: Address } | undefined;
  private flow: FlowContext | undefined;
  /** A payment transaction or relay request was sent: the countdown no longer ends the flow. */
  private submitted = false;
  /** A final screen is shown (success, expired, failed). */
  private final = false;
  /** Paying by transfer, its window is over: the screen says what became of the money, with no countdown. */
  private transferClosed = false;
  /** Waiting on the wallet: its events do not restart the flow. */
  private busy = false;
  private oneMinuteAnnounced = false;
  private stopDiscovery: (() => void) | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Paying by transfer: redraws the transfer screen with the latest payment (what arrived). */
  private transferUpdate: ((latest: Payment) => void) | undefined;
  /** Ends the current wait for the payment's status (leaving the transfer screen, a final screen). */
  private following: AbortController | undefined;

  constructor(
    private readonly api: KassaApi,
    private payment: Payment,
    private readonly network: { name: string; nativeSymbol: string },
  ) {}

  /** The first screen: where a payment loaded (or reloaded) stands. */
  begin(): void {
    const { payment } = this;
    this.renderSummary();
    // Paid in time and mined, its block not final yet: confirming, not expired, whatever the countdown
    // says (waiting marks the payment submitted before the first tick).
    if (payment.seenTxHash) void this.waitForPaid(false, payment.seenTxHash);
    const recalled = recalledSubmission(payment.paymentId);
    // The payer chose the transfer path, money reached the deposit address (the screen says what to send, or
    // what became of it once the window is over), or the call path's time is up while the transfer window is
    // open (a late withdrawal still pays).
    const resumeTransfer =
      !payment.seenTxHash &&
      (payment.status === "CREATED" || payment.status === "EXPIRED") &&
      transferOffered(payment) &&
      (recalled === TRANSFER ||
        receivedAmount(payment) > 0n ||
        (payment.status === "EXPIRED" && this.transferOpen()));
    if (resumeTransfer) this.showTransfer();
    this.tick();
    setInterval(() => this.tick(), 1000);
    if (resumeTransfer || payment.seenTxHash || this.route(payment)) return;
    if (recalled && recalled !== TRANSFER)
      return void this.waitForPaid(recalled === RELAYED, recalled === RELAYED ? null : (recalled as Hex));
    if (Date.parse(payment.expiresAt) <= this.serverNow()) return this.showExpired();
    this.showConnect();
  }

  private vars(extra: Vars = {}): Vars {
    return {
      merchant: this.payment.merchantName ?? "",
      amount: amountText(this.payment),
      symbol: this.payment.tokenSymbol,
      network: this.network.name,
      native: this.network.nativeSymbol,
      ...extra,
    };
  }

  private wallet(): HTMLElement | null {
    return walletLine(this.connected);
  }

  private tx(hash: Hex | null): HTMLElement | null {
    return txLink(hash, this.payment.chainId);
  }

  /** Fresh from the server, keeping the merchant's name the page already had. */
  private update(latest: Payment): void {
    this.payment = { ...latest, merchantName: latest.merchantName ?? this.payment.merchantName };
  }

  // The summary, the countdown and the end of the flow.

  private canCancel(): boolean {
    return this.payment.failUrl !== "service:none";
  }

  private renderSummary(): void {
    const final = this.final || this.transferClosed;
    renderSummary(this.payment, {
      networkName: this.network.name,
      final,
      onCancel: this.canCancel() && !final ? () => leave("closed", this.payment) : undefined,
    });
  }

  /** The server's clock as this page estimates it: a skew under two seconds (the Date header's) is noise. */
  private serverNow(): number {
    const skew = this.api.clockSkewMs();
    return Date.now() + (Math.abs(skew) < 2000 ? 0 : skew);
  }

  /** The payment has a deposit address and its transfer window is open. */
  private transferOpen(): boolean {
    const { payment } = this;
    return transferOffered(payment) && Date.parse(payment.transferExpiresAt) > this.serverNow();
  }

  private tick(): void {
    if (this.final) return;
    const { payment } = this;
    const deadline =
      this.transferUpdate && payment.transferExpiresAt ? payment.transferExpiresAt : payment.expiresAt;
    const remaining = Date.parse(deadline) - this.serverNow();
    const seconds = Math.max(0, Math.floor(remaining / 1000));
    renderCountdown(seconds);
    if (seconds <= 60 && seconds > 0 && !this.oneMinuteAnnounced) {
      this.oneMinuteAnnounced = true;
      announce(t("oneMinuteLeft"));
    }
    // Paying by transfer, the screen itself says when the window is over (and the wallet path's time).
    if (this.transferUpdate) this.transferUpdate(payment);
    else if (seconds === 0 && !this.submitted) this.showExpired();
  }

  private showFinal(): void {
    this.final = true;
    this.following?.abort();
    this.stopDiscovery?.();
    this.renderSummary();
  }

  private backToShop(status: "success" | "fail"): (() => void) | undefined {
    const url = status === "success" ? this.payment.successUrl : this.payment.failUrl;
    return url && url !== "service:none" ? () => leave(status, this.payment) : undefined;
  }

  /** Shows the screen of the stored status. Returns true when the payment is over. */
  private route(payment: Payment): boolean {
    switch (payment.status) {
      case "CREATED":
        return false;
      case "PAID":
      case "REFUND_SUBMITTED":
      case "REFUNDED":
        this.showSuccess();
        return true;
      case "EXPIRED":
        // Paying by transfer: the transfer window, longer than the call path's, is what counts, and once it
        // is over the transfer screen says what became of the money that arrived.
        if (this.transferUpdate) return false;
        this.showExpired();
        return true;
      default:
        this.showFinal();
        failedScreen(payment.status, this.backToShop("fail"));
        return true;
    }
  }

  private showSuccess(): void {
    const { payment } = this;
    this.showFinal();
    const { vars, note } = this.paidVars();
    const target =
      payment.successUrl !== "service:none" && URL.canParse(payment.successUrl)
        ? new URL(payment.successUrl)
        : null;
    successScreen(vars, this.tx(payment.txHash), target, this.backToShop("success"), note);
    announce(t("successTitle"));
    if (target) setTimeout(() => leave("success", this.payment), 2500);
    else
      post({
        source: "kassa-widget",
        type: "result",
        status: "success",
        paymentId: payment.paymentId,
        orderId: payment.orderId,
        redirectUrl: null,
      });
  }

  /**
   * What the success screen says was paid. By transfer: what the payment took of what arrived (less than the
   * amount when the merchant's tolerance settled it), and any excess, which the merchant can send back.
   */
  private paidVars(): { vars: Vars; note: HTMLElement | null } {
    const { payment } = this;
    if (payment.paidVia !== "transfer") return { vars: this.vars(), note: null };
    const amount = BigInt(payment.amount);
    const received = receivedAmount(payment);
    const units = (value: bigint) => formatUnits(value, payment.tokenDecimals);
    const vars = this.vars({ amount: units(received < amount ? received : amount) });
    const excess = BigInt(payment.overpaidAmount ?? "0");
    const note = excess > 0n ? paragraph(t("transferOverpaid", { ...vars, excess: units(excess) })) : null;
    return { vars, note };
  }

  /**
   * The call path's time is up: while the transfer window is open, the payment can still be paid by transfer,
   * unless the wallet is paying it right now (a transaction may be on its way).
   */
  private showExpired(): void {
    if (!this.submitted && !this.busy && this.transferOpen()) return this.showTransfer();
    this.showFinal();
    expiredScreen(this.backToShop("fail"));
  }

  // Paying by transfer: the deposit address, from any wallet or exchange.

  private readonly showTransfer = (): void => {
    if (!transferOffered(this.payment)) return;
    this.stopDiscovery?.();
    this.remember(TRANSFER);
    const render = transferScreen({ onWallet: this.leaveTransfer, onBack: this.backToShop("fail") });
    this.transferUpdate = (latest) => {
      if (!transferOffered(latest)) return;
      const now = this.serverNow();
      const closed = transferMoment(latest, now).kind === "closed";
      if (closed !== this.transferClosed) {
        this.transferClosed = closed;
        this.renderSummary();
      }
      render(latest, this.vars(), now, this.walletCanPay(latest));
    };
    this.tick(); // the countdown now runs to the end of the transfer window, and the screen is drawn
    announce(t("transferTitle"));
    void this.waitForPaid(false, null);
  };

  /**
   * The wallet path could pay the payment: its call path is open and nothing reached the deposit address. Once
   * money arrived it cannot pay only the rest (the server signed pay() for the whole amount), and paying the
   * whole amount would leave what arrived for the merchant to send back: only a transfer of the rest is offered.
   */
  private walletCanPay(payment: Payment): boolean {
    return (
      payment.status === "CREATED" &&
      payment.serverSignature !== null &&
      !payment.seenTxHash &&
      receivedAmount(payment) === 0n &&
      Date.parse(payment.expiresAt) > this.serverNow()
    );
  }

  /**
   * Just before the wallet pays: a transfer that reached the deposit address since the payer chose the wallet
   * makes the wallet's payment a second one, so the payer is shown the transfer screen instead (what arrived,
   * what is still to send). Returns true when the wallet must not pay.
   */
  private async paidByTransferMeanwhile(): Promise<boolean> {
    if (!transferOffered(this.payment)) return false;
    this.update(await this.api.getPayment(this.payment.paymentId));
    if (this.walletCanPay(this.payment)) return false;
    this.busy = false;
    if (!this.route(this.payment)) this.showTransfer();
    return true;
  }

  private readonly leaveTransfer = (): void => {
    this.following?.abort();
    this.transferUpdate = undefined;
    try {
      sessionStorage.removeItem(submissionKey(this.payment.paymentId));
    } catch {
      // Storage unavailable: nothing was remembered.
    }
    this.showConnect();
  };

  // Connecting a wallet: discovery, the dev wallet, the network and the balance.

  private readonly showConnect = (): void => {
    const render = connectScreen(
      this.vars(),
      devWallets.map((account) => account.label),
      {
        wallet: (wallet) => void this.connect(wallet),
        dev: (index) => {
          const account = devWallets[index];
          if (account) void this.connect({ ...account, name: t("devWallet", { label: account.label }) });
        },
        transfer: transferOffered(this.payment) ? this.showTransfer : undefined,
      },
    );
    this.stopDiscovery?.();
    this.stopDiscovery = discoverWallets(render);
  };

  private async connect(wallet: DiscoveredWallet): Promise<void> {
    connectingScreen(wallet);
    try {
      const accounts = await request<Address[]>(wallet.provider, "eth_requestAccounts");
      const account = accounts[0];
      if (!account) throw new WalletError("the wallet shared no account", undefined);
      this.connected = { wallet, account };
      this.stopDiscovery?.();
      this.subscribe(wallet.provider);
      await this.checkNetwork();
    } catch (error) {
      this.fail(error, this.showConnect);
    }
  }

  /** Wallet events re-run the checks, unless a payment is already under way. */
  private subscribe(provider: Eip1193Provider): void {
    this.unsubscribe?.();
    const quiet = () => this.submitted || this.final || this.busy;
    const onChain = () => {
      if (!quiet()) void this.checkNetwork();
    };
    const onAccounts = (accounts: Address[]) => {
      if (quiet() || !this.connected) return;
      const account = accounts[0];
      if (!account) return this.showConnect();
      this.connected = { ...this.connected, account };
      void this.checkNetwork();
    };
    provider.on?.("chainChanged", onChain);
    provider.on?.("accountsChanged", onAccounts);
    this.unsubscribe = () => {
      provider.removeListener?.("chainChanged", onChain);
      provider.removeListener?.("accountsChanged", onAccounts);
    };
  }

  private readonly checkNetwork = async (): Promise<void> => {
    if (!this.connected) return;
    try {
      const chainId = await readChainId(this.connected.wallet.provider);
      if (chainId === this.payment.chainId) return await this.checkBalance();
      wrongNetworkScreen(this.vars(), () => void this.switchNetwork());
    } catch (error) {
      this.fail(error, () => void this.checkNetwork());
    }
  };

  private async switchNetwork(): Promise<void> {
    if (!this.connected) return;
    const provider = this.connected.wallet.provider;
    const { chainId } = this.payment;
    const hexChainId = `0x${chainId.toString(16)}`;
    switchingScreen(this.vars());
    this.busy = true;
    try {
      try {
        await request(provider, "wallet_switchEthereumChain", [{ chainId: hexChainId }]);
      } catch (error) {
        if (!(error instanceof WalletError) || error.code !== UNRECOGNIZED_CHAIN) throw error;
        const known = chainParams.get(chainId);
        if (!known) {
          this.busy = false;
          return addNetworkManuallyScreen(this.vars({ chainId }), () => void this.checkNetwork());
        }
        await request(provider, "wallet_addEthereumChain", [
          {
            chainId: hexChainId,
            chainName: known.name,
            rpcUrls: known.rpcUrls,
            nativeCurrency: known.nativeCurrency,
            ...(known.blockExplorerUrls ? { blockExplorerUrls: known.blockExplorerUrls } : {}),
          },
        ]);
      }
      this.busy = false;
      await this.checkNetwork();
    } catch (error) {
      this.fail(error, () => void this.checkNetwork());
    }
  }

  private readonly checkBalance = async (): Promise<void> => {
    const { payment, connected } = this;
    if (!connected) return;
    const balance = await readTokenBalance(
      connected.wallet.provider,
      payment.tokenAddress,
      connected.account,
    );
    if (balance >= BigInt(payment.amount)) {
      // A blocklisted payer or recipient is told before the wallet is asked for anything.
      if (await transferRefusal(connected.wallet.provider, payment, connected.account))
        return blockedScreen(this.vars(), this.wallet(), this.showConnect);
      return this.review({ gasless: true });
    }
    insufficientScreen(
      this.vars({ balance: formatUnits(balance, payment.tokenDecimals) }),
      this.wallet(),
      () => void this.checkBalance(),
      this.showConnect,
    );
  };

  // Paying: the plan's review, its steps, and the wait until the payment is PAID.

  private flowContext(): FlowContext | undefined {
    const { connected, flow: previous } = this;
    // A payment no longer CREATED carries no signature: it takes no payment.
    const { serverSignature } = this.payment;
    if (!connected || serverSignature === null) return undefined;
    const same = previous?.account === connected.account && previous.provider === connected.wallet.provider;
    this.flow = {
      api: this.api,
      payment: { ...this.payment, serverSignature },
      provider: connected.wallet.provider,
      account: connected.account,
      ...(same && previous?.permit ? { permit: previous.permit } : {}),
    };
    return this.flow;
  }

  private readonly review = async (options: { gasless: boolean }): Promise<void> => {
    const ctx = this.flowContext();
    if (!ctx) return;
    this.busy = true;
    try {
      const plan = await planPayment(ctx, { gasless: options.gasless && gaslessAvailable(ctx.payment) });
      this.busy = false;
      reviewScreen(plan, this.vars(), this.wallet(), () => void this.pay(plan), this.payDirect);
    } catch (error) {
      this.fail(error, () => void this.review(options));
    }
  };

  private readonly payDirect = (): void => void this.review({ gasless: false });

  private async pay(plan: Plan): Promise<void> {
    const ctx = this.flowContext();
    if (!ctx) return;
    this.busy = true;
    const progress = (step: Plan["steps"][number]) => {
      progressScreen(plan, step, this.vars());
      announce(stepAnnouncement(step, this.vars()));
    };
    try {
      if (await this.paidByTransferMeanwhile()) return;
      const result = await executePlan(ctx, plan, progress, (hash) => this.remember(hash));
      this.remember(result.txHash ?? RELAYED);
      this.submitted = true;
      this.busy = false;
      await this.waitForPaid(result.gasless, result.txHash);
    } catch (error) {
      this.fail(error, () => void this.review({ gasless: plan.gasless }));
    }
  }

  private remember(submitted: Hex | typeof RELAYED | typeof TRANSFER): void {
    try {
      sessionStorage.setItem(submissionKey(this.payment.paymentId), submitted);
    } catch {
      // Storage may be unavailable (private mode, sandboxed iframe): only a reload would miss it.
    }
  }

  /**
   * Waits for the payment's status from the server's event stream; polling GET /payments/:id is the
   * fallback while the stream is not open (an old server, a proxy that buffers). A relayed payment (and
   * only one: any other has no relay, GET .../relay would answer 404) also polls its relay, whose failure
   * before broadcast leaves the payment CREATED. Paying by transfer, the transfer screen stays and the poll
   * goes on beside the stream: the stream tells status changes, the poll what arrived short of the amount.
   */
  private async waitForPaid(gasless: boolean, txHash: Hex | null): Promise<void> {
    const { api, payment } = this;
    const transfer = this.transferUpdate !== undefined;
    if (!transfer) {
      this.submitted = true;
      confirmingScreen(this.vars(), gasless, this.tx(txHash));
      announce(t("confirmingTitle"));
    }
    let done = false;
    this.following?.abort();
    const stream = new AbortController();
    this.following = stream;
    const arrived = (latest: Payment): boolean => {
      // Done, or no longer waited for (the payer left the transfer screen).
      if (done || stream.signal.aborted) return true;
      this.update(latest);
      done = this.route(this.payment);
      if (!done) this.transferUpdate?.(this.payment);
      return done;
    };
    let streaming = false;
    // Reopened when the server ends it early (its time limit); given up after 3 failures in a row.
    // The stream ends at once for a payment no longer CREATED (one EXPIRED, paid by transfer): the poll has it.
    const follow = async () => {
      for (
        let failures = 0;
        failures < 3 && !done && !stream.signal.aborted && this.payment.status === "CREATED";
      ) {
        streaming = true;
        const ended = await api.watchPayment(payment.paymentId, arrived, stream.signal).then(
          () => true,
          () => false,
        );
        streaming = false;
        failures = ended ? 0 : failures + 1;
        if (!done) await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    };
    void follow();
    try {
      for (let attempt = 0; !done && !stream.signal.aborted; attempt++) {
        // After the transfer window, only a late transfer can still change the screen: polled less often.
        const pause = attempt < 5 ? 800 : transfer && !this.transferOpen() ? 10_000 : 2000;
        await new Promise((resolve) => setTimeout(resolve, pause));
        if (done || stream.signal.aborted) return;
        try {
          if ((!streaming || transfer) && arrived(await api.getPayment(payment.paymentId))) return;
          if (!gasless) continue;
          const relay = await api.getRelay(payment.paymentId).catch(() => null);
          if (done) return;
          if (relay?.status === "FAILED") {
            done = true;
            this.submitted = false;
            const detail = relay.errorMessage ?? "";
            return txFailedScreen(explainRevert(detail, this.revertContext()) ?? detail, null, {
              label: t("payWithOwnGas"),
              onClick: this.payDirect,
              id: "kassa-direct",
            });
          }
          if (relay?.transactionHash && !screen.querySelector(".tx"))
            screen.append(this.tx(relay.transactionHash) ?? "");
        } catch {
          // A failed poll is retried; the payment is on-chain either way.
        }
      }
    } finally {
      stream.abort();
    }
  }

  // Failures: what the payer is told, and where "Try again" leads.

  private revertContext() {
    return {
      lang,
      token: { symbol: this.payment.tokenSymbol, decimals: this.payment.tokenDecimals },
      nativeSymbol: this.network.nativeSymbol,
    };
  }

  private fail(error: unknown, retry: () => void): void {
    this.busy = false;
    if (isUserRejection(error)) return rejectedScreen(retry);
    if (error instanceof NeedsGas) return needGasScreen(this.vars(), this.wallet(), retry, this.payDirect);
    if (error instanceof FaucetRefused) {
      return faucetRefusedScreen(
        this.vars(),
        error.code,
        this.wallet(),
        () => void this.review({ gasless: true }),
        this.showConnect,
      );
    }
    if (error instanceof GaslessUnavailable) return gaslessUnavailableScreen(this.vars(), this.payDirect);
    if (error instanceof UndeployedWallet)
      return undeployedWalletScreen(this.vars(), this.wallet(), this.showConnect);
    if (error instanceof ApiError && error.code === "TOKEN_TRANSFER_BLOCKED")
      return blockedScreen(this.vars(), this.wallet(), this.showConnect);
    const tryAgain = { label: t("tryAgain"), onClick: retry, id: "kassa-retry" };
    if (error instanceof TransactionFailed) return txFailedScreen("", this.tx(error.hash), tryAgain);
    if (error instanceof ApiError) {
      if (error.code === "PAYMENT_EXPIRED") return this.showExpired();
      if (error.code === "INVALID_PAYMENT_STATUS" || error.code === "RELAY_ALREADY_SUBMITTED") {
        void this.refreshAndRoute(error.code === "RELAY_ALREADY_SUBMITTED");
        return;
      }
      const { message, canRetry } = payerError(error);
      return errorScreen(message, canRetry ? retry : undefined);
    }
    if (error instanceof WalletError) {
      // A revert the wallet found when it estimated the transaction: said in words, never as hex.
      return txFailedScreen(explainRevert(error, this.revertContext()) ?? error.message, null, tryAgain);
    }
    // Not one of the failures above: its message is a developer's (the console has it), not the payer's.
    console.error(error);
    errorScreen(t("unexpectedError"), retry);
  }

  private async refreshAndRoute(relayed: boolean): Promise<void> {
    this.update(await this.api.getPayment(this.payment.paymentId));
    if (!this.route(this.payment)) await this.waitForPaid(relayed, null);
  }
}

import type { AddressInfo } from "node:net";
import { Kassa, KassaError, KassaInvalidRequestError, KassaPermissionError } from "@kassa/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freshPayer,
  rejectionOf,
  relayBody,
  startGaslessEnv,
  waitFor,
  type GaslessPayment,
  type GaslessTestEnv,
  type TestChain,
} from "@kassa/server/harness";

let chain: TestChain;
let env: GaslessTestEnv;
let baseUrl: string;
beforeAll(async () => {
  env = await startGaslessEnv();
  chain = env.chain;
  await env.startWorker();
  baseUrl = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => env?.close());

const rejection = rejectionOf(KassaError);

/** A payment of `amount` of the app's token, created with `kassa`'s key. */
const createPayment = (kassa: Kassa, orderId: string, amount: number) =>
  kassa.payments.create({
    orderId,
    amount,
    tokenAddress: env.t.token,
    successUrl: "service:none",
    failUrl: "service:none",
  });

/** A new payer holding 100 of the 18-decimals permit token and no ETH. */
async function fundedPayer() {
  const payer = freshPayer();
  await chain.mint(chain.tokens.permit18, payer.address, 100n * 10n ** 18n);
  return payer;
}

describe("gasless endpoints through the SDK", () => {
  it("relays a signed ForwardRequest and follows it to CONFIRMED; a second relay is refused", async () => {
    const kassa = new Kassa({ baseUrl, publicKey: env.t.merchant.publicKey });
    const payer = await fundedPayer();
    const payment = await createPayment(kassa, "sdk-gasless", 5);
    expect(payment.forwarderAddress).toBe(chain.forwarder);
    const body = await relayBody(env, payer, payment as GaslessPayment);

    expect(await kassa.payments.relay(payment.paymentId, body)).toMatchObject({ status: "submitted" });
    const relay = await waitFor("the relay finished", async () => {
      const current = await kassa.payments.retrieveRelay(payment.paymentId);
      return current.status === "CONFIRMED" || current.status === "FAILED" ? current : undefined;
    });
    expect(relay).toMatchObject({ status: "CONFIRMED", errorMessage: null });
    expect(relay.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const paid = await waitFor("the payment PAID", async () => {
      const current = await kassa.payments.retrieve(payment.paymentId);
      return current.status === "PAID" ? current : undefined;
    });
    expect(paid.status).toBe("PAID");

    const again = await rejection(kassa.payments.relay(payment.paymentId, body));
    expect(again).toBeInstanceOf(KassaInvalidRequestError);
    expect(again.code).toMatch(/INVALID_PAYMENT_STATUS|RELAY_ALREADY_SUBMITTED/);
  });

  it("reports gas status and grants gas once when the merchant's faucet is on", async () => {
    const merchant = await env.t.addMerchant("Faucet shop", { faucetEnabled: true });
    const kassa = new Kassa({ baseUrl, publicKey: merchant.publicKey });
    const payer = await fundedPayer();
    const payment = await createPayment(kassa, "sdk-faucet", 5);
    expect(await kassa.payments.gasStatus(payment.paymentId, payer.address)).toEqual({
      needsGas: true,
      hasEnoughTokenBalance: true,
      alreadyGranted: false,
      canReceiveGas: true,
    });
    const grant = await kassa.payments.requestGas({
      paymentId: payment.paymentId,
      walletAddress: payer.address,
    });
    expect(grant).toMatchObject({ chainId: chain.chainId, txHash: expect.stringMatching(/^0x/) });
    expect(BigInt(grant.amount)).toBeGreaterThan(0n);
    expect((await kassa.payments.gasStatus(payment.paymentId, payer.address)).alreadyGranted).toBe(true);
    const twice = await rejection(
      kassa.payments.requestGas({ paymentId: payment.paymentId, walletAddress: payer.address }),
    );
    expect(twice.status).toBe(400);
  });

  it("maps FAUCET_DISABLED to a permission error", async () => {
    const kassa = new Kassa({ baseUrl, publicKey: env.t.merchant.publicKey });
    const payment = await createPayment(kassa, "sdk-no-faucet", 1);
    const error = await rejection(kassa.payments.gasStatus(payment.paymentId, freshPayer().address));
    expect(error).toBeInstanceOf(KassaPermissionError);
    expect(error).toMatchObject({ code: "FAUCET_DISABLED", status: 403 });
  });
});

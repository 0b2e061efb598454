import { subscriptionTypedData } from "@kassa/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERIOD, startSubscriptionEnv, type SubscriptionEnv } from "../../harness/subscriptions.js";

let env: SubscriptionEnv;
beforeAll(async () => {
  env = await startSubscriptionEnv();
}, 60_000);
afterAll(() => env?.close());

const plan = (orderId: string) => ({
  orderId,
  tokenAddress: env.t.token,
  amount: 10,
  periodSeconds: PERIOD,
  charges: 12,
});

describe("the subscription API refuses bad input with its codes, never a 500", () => {
  it("creates, lists and shows a merchant's subscriptions, and refuses a reused order id", async () => {
    const created = await env.create({ ...plan("api-1"), description: "Pro, monthly" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      status: "PENDING",
      amount: (10n * 10n ** 18n).toString(),
      periodSeconds: PERIOD,
      charges: 12,
      startsAt: null,
      retrySchedule: [3600, 21600, 86400, 259200],
      onFailure: "PAST_DUE",
      url: `http://kassa.test/subscribe/${created.body.data.id}`,
      chargesMade: [],
    });
    expect((await env.create(plan("api-1"))).body.code).toBe("DUPLICATE_ORDER");
    const auth = { "x-api-key": env.t.merchant.apiKey };
    const list = await env.t.request("/subscriptions?status=PENDING&limit=1", { headers: auth });
    expect(list.status).toBe(200);
    expect(list.body.data.subscriptions.map((s: { id: string }) => s.id)).toEqual([created.body.data.id]);
    expect((await env.t.request("/subscriptions?starting_after=sub_x", { headers: auth })).body.code).toBe(
      "INVALID_REQUEST",
    );
    expect((await env.t.request("/subscriptions", {})).status).toBe(401);
  });

  it.each([
    [{ amount: 0.001 }, "amount"],
    [{ periodSeconds: 10 }, "periodSeconds"],
    [{ charges: 0 }, "charges"],
    [{ charges: 1.5 }, "charges"],
    [{ retrySchedule: [1] }, "retrySchedule"],
    [{ onFailure: "LATER" }, "onFailure"],
    [{ tokenAddress: "0x1234" }, "tokenAddress"],
    [{ returnUrl: "javascript:alert(1)" }, "returnUrl"],
    [{ payerAddress: "0x1234" }, "payerAddress"],
  ])("refuses %j (VALIDATION_ERROR on %s)", async (change, field) => {
    const response = await env.create({ ...plan(`bad-${Math.random()}`), ...change });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_ERROR");
    expect(response.body.details.map((d: { path: string[] }) => d.path[0])).toContain(field);
  });

  it("accepts the payer's signature once, and refuses another wallet's, a far start or an unknown id", async () => {
    const { id } = (await env.create(plan("api-2"))).body.data;
    const payer = await env.payer();
    const stranger = await env.payer();
    const now = await env.chainNow();
    const { body } = await env.t.request(`/public/subscriptions/${id}`);
    const subscription = {
      subscriptionId: body.data.subscriptionId,
      payer: payer.account.address,
      tokenAddress: body.data.tokenAddress,
      amount: BigInt(body.data.amount),
      variableAmount: false,
      usePermit2: false,
      recipientAddress: body.data.recipientAddress,
      merchantId: body.data.merchantId,
      period: BigInt(PERIOD),
      startsAt: now,
      charges: 12n,
    };
    const typedData = subscriptionTypedData({
      chainId: env.chain.chainId,
      gateway: env.chain.gateway,
      subscription,
    });
    const send = (json: unknown, to = id) =>
      env.t.request(`/public/subscriptions/${to}/authorize`, { method: "POST", json });
    const signedBy = async (wallet: typeof payer) => wallet.signTypedData(typedData);
    const base = { payer: payer.account.address, startsAt: Number(now) };

    const forged = await send({ ...base, signature: await signedBy(stranger) });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe("INVALID_SIGNATURE");
    const far = await send({ ...base, startsAt: Number(now) + 86_400, signature: await signedBy(payer) });
    expect(far.body.code).toBe("VALIDATION_ERROR");
    expect((await send({ ...base, signature: "0x12" })).body.code).toBe("VALIDATION_ERROR");
    expect((await send({ ...base, signature: await signedBy(payer) }, "sub_nope")).body.code).toBe(
      "SUBSCRIPTION_NOT_FOUND",
    );
    const signed = await send({ ...base, signature: await signedBy(payer) });
    expect(signed.status).toBe(200);
    expect(signed.body.data).toMatchObject({ status: "ACTIVE", payerAddress: payer.account.address });
    const again = await send({ ...base, signature: await signedBy(payer) });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("INVALID_SUBSCRIPTION_STATUS");
  });
});

describe("the public view and who may sign", () => {
  it("shows whoever holds the link what the payer signs and who asks, nothing of the merchant's bookkeeping", async () => {
    const payer = await env.payer();
    await env.fund(payer, 30n * 10n ** 18n, 30n * 10n ** 18n);
    const id = await env.subscribe(payer, {
      description: "Pro, monthly",
      returnUrl: "https://shop.example/account",
    });
    await env.charge();
    const { body } = await env.t.request(`/public/subscriptions/${id}`);
    expect(Object.keys(body.data).sort()).toEqual(
      [
        "id",
        "subscriptionId",
        "description",
        "status",
        "chainId",
        "gatewayAddress",
        "merchantId",
        "tokenAddress",
        "tokenSymbol",
        "tokenDecimals",
        "amount",
        "variableAmount",
        "currency",
        "fiatAmount",
        "periodSeconds",
        "charges",
        "startsAt",
        "recipientAddress",
        "returnUrl",
        "merchantName",
        "payerAddress",
      ].sort(),
    );
    expect(body.data).toMatchObject({
      status: "ACTIVE",
      merchantName: "Test shop",
      payerAddress: null,
      returnUrl: "https://shop.example/account",
    });
    // The merchant's own view still has it all.
    expect((await env.show(id)).body.data).toMatchObject({
      payerAddress: payer.account.address,
      chargesMade: [{ period: 0, status: "PAID" }],
    });
  });

  it("lets only the wallet the merchant named sign; without one, the first wallet that signs", async () => {
    const named = await env.payer();
    const stranger = await env.payer();
    const { id } = (await env.create({ ...plan("api-named"), payerAddress: named.account.address })).body
      .data;
    const pending = (await env.t.request(`/public/subscriptions/${id}`)).body.data;
    expect(pending).toMatchObject({ status: "PENDING", payerAddress: named.account.address });
    const refused = await env.authorize(id, stranger);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: "FORBIDDEN",
      message: `this subscription is for wallet ${named.account.address}: sign it with that wallet`,
    });
    expect((await env.show(id)).body.data.status).toBe("PENDING");
    const signed = await env.authorize(id, named);
    expect(signed.status).toBe(200);
    expect(signed.body.data).toMatchObject({ status: "ACTIVE", payerAddress: named.account.address });

    const open = (await env.create(plan("api-open"))).body.data.id;
    expect((await env.t.request(`/public/subscriptions/${open}`)).body.data.payerAddress).toBeNull();
    expect((await env.authorize(open, stranger)).status).toBe(200);
  });
});

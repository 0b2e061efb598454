import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../harness/app.js";
import type { TestChain, TestWalletClient } from "../../harness/chain.js";
import type { CreatedPayment } from "../../harness/payments.js";
import { waitFor } from "../../harness/waitFor.js";
import {
  deliveredWebhook,
  fundPayer,
  merchantRecord,
  pay,
  paymentStatus,
  startLifecycleEnv,
  type LifecycleEnv,
} from "../../harness/lifecycle.js";

/**
 * Payment links on a running Kassa: the API (API key), the hosted page `/pay/<id>` (a form, no key),
 * and a payment started from a link paid on anvil. Behind a trusted proxy, so each test's payers can come
 * from networks of their own (X-Forwarded-For).
 */
const PUBLIC_URL = "https://pay.kassa.test";
let env: LifecycleEnv;
let chain: TestChain;
let t: TestApp;
let payer: TestWalletClient;

/** The site root: the hosted pages are not under /api/v1. */
const root = () => t.baseUrl.replace(/\/api\/v1$/, "");
const headers = () => ({ "x-api-key": t.merchant.apiKey });

beforeAll(async () => {
  env = await startLifecycleEnv({}, undefined, {
    prices: { hourlyAveragePrice: () => Promise.resolve("2.5") } as never,
    publicBaseUrl: PUBLIC_URL,
    trustProxy: true,
  });
  ({ chain, t } = env);
  payer = chain.wallet(5);
  await fundPayer(chain, payer, chain.tokens.permit18);
});
afterAll(() => env?.stop());

const base = () => ({
  title: "Espresso beans, 1 kg",
  tokenAddress: t.token,
  successUrl: "https://shop.example.com/thanks",
  failUrl: "service:none",
});

async function createLink(fields: Record<string, unknown>) {
  const response = await t.request("/payment-links", {
    method: "POST",
    headers: headers(),
    json: { ...base(), ...fields },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

let networks = 0;
/** A client network of its own (an IPv4 address behind the trusted proxy). */
const newNetwork = () => `10.20.${Math.floor(++networks / 250)}.${networks % 250}`;

/**
 * Presses Pay on the hosted page, as the browser's form post would: from `from` (a client network; a new
 * one by default), with the browser's cookie when given.
 */
function pressPay(linkId: string, amount?: string, from: { ip?: string; cookie?: string } = {}) {
  return fetch(`${root()}/pay/${linkId}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": from.ip ?? newNetwork(),
      ...(from.cookie ? { cookie: from.cookie } : {}),
    },
    body: amount === undefined ? "" : new URLSearchParams({ amount }).toString(),
    redirect: "manual",
  });
}

/** The paymentId of the widget address a press of Pay redirected to. */
function redirectedPaymentId(response: Response): string {
  const location = new URL(response.headers.get("location") ?? "", root());
  return location.searchParams.get("paymentId") ?? "";
}

/** The payment a press of Pay started, from the widget address it redirected to. */
async function startedPayment(
  linkId: string,
  amount?: string,
  from: { ip?: string; cookie?: string } = {},
): Promise<CreatedPayment> {
  const response = await pressPay(linkId, amount, from);
  expect(response.status, await response.clone().text()).toBe(303);
  const location = new URL(response.headers.get("location") ?? "", root());
  expect(location.pathname).toBe("/widget");
  expect(location.searchParams.get("publicKey")).toBe(t.merchant.publicKey);
  const paymentId = location.searchParams.get("paymentId") ?? "";
  const fetched = await t.request(`/payments/${paymentId}`, {
    headers: { "x-public-key": t.merchant.publicKey },
  });
  expect(fetched.status).toBe(200);
  return fetched.body.data as CreatedPayment;
}

describe("payment links", () => {
  it("are created, read, listed and changed with the API key; the answer names the hosted page", async () => {
    const link = await createLink({ amount: 12.5, maxUses: 3 });
    expect(link).toMatchObject({
      title: "Espresso beans, 1 kg",
      tokenSymbol: "KTT",
      amount: "12.5",
      currency: null,
      minAmount: null,
      maxUses: 3,
      uses: 0,
      reserved: 0,
      active: true,
      available: true,
    });
    expect(link.id).toMatch(/^pl_[0-9a-f]{32}$/);
    expect(link.url).toBe(`${PUBLIC_URL}/pay/${link.id}`);
    expect((await t.request(`/payment-links/${link.id}`, { headers: headers() })).body.data).toEqual(link);
    const list = await t.request("/payment-links?limit=100", { headers: headers() });
    expect(list.body.data.links.map((l: { id: string }) => l.id)).toContain(link.id);

    const changed = await t.request(`/payment-links/${link.id}`, {
      method: "PATCH",
      headers: headers(),
      json: { active: false, title: "Beans" },
    });
    expect(changed.body.data).toMatchObject({
      active: false,
      available: false,
      title: "Beans",
      amount: "12.5",
    });
    const other = await t.addMerchant("Other shop");
    const theirs = await t.request(`/payment-links/${link.id}`, { headers: { "x-api-key": other.apiKey } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe("PAYMENT_LINK_NOT_FOUND");
  });

  it("page through links made within one millisecond, each once (the cursor keeps microseconds)", async () => {
    const other = await t.addMerchant("Paging shop");
    const made = [];
    for (let i = 0; i < 3; i++) {
      const response = await t.request("/payment-links", {
        method: "POST",
        headers: { "x-api-key": other.apiKey },
        json: { ...base(), amount: 1 },
      });
      made.push(response.body.data.id as string);
    }
    for (const [i, id] of made.entries()) {
      await sql`UPDATE payment_links SET created_at = ${`2030-01-01T00:00:00.000${i + 1}00Z`}::timestamptz
        WHERE id = ${id}`.execute(t.database.db);
    }
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const query: string = after === undefined ? "limit=1" : `limit=1&starting_after=${after}`;
      const page = await t.request(`/payment-links?${query}`, { headers: { "x-api-key": other.apiKey } });
      seen.push(...page.body.data.links.map((link: { id: string }) => link.id));
      if (!page.body.data.has_more) break;
      after = seen.at(-1);
    }
    expect(seen).toEqual([...made].reverse());
  });

  it.each([
    ["neither an amount nor bounds", {}, ["amount"]],
    ["an amount and bounds", { amount: 5, minAmount: 1, maxAmount: 9 }, ["amount"]],
    ["a lower bound only", { minAmount: 1 }, ["maxAmount"]],
    ["bounds the wrong way round", { minAmount: 9, maxAmount: 1 }, ["minAmount"]],
    ["a currency with bounds", { minAmount: 1, maxAmount: 9, currency: "USD" }, ["currency"]],
    ["an expiry in the past", { amount: 5, expiresAt: "2020-01-01T00:00:00Z" }, ["expiresAt"]],
    ["three decimals", { amount: 1.005 }, ["amount"]],
    ["an empty title", { amount: 5, title: " " }, ["title"]],
    ["no use at all", { amount: 5, maxUses: 0 }, ["maxUses"]],
    ["a redirect that is not http(s)", { amount: 5, successUrl: "javascript:alert(1)" }, ["successUrl"]],
  ])("refuse %s with VALIDATION_ERROR naming the field", async (_, fields, path) => {
    const response = await t.request("/payment-links", {
      method: "POST",
      headers: headers(),
      json: { ...base(), ...fields },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_ERROR");
    expect(response.body.details.map((detail: { path: string[] }) => detail.path)).toContainEqual(path);
  });

  it("show a page that creates nothing until the payer presses Pay; each press is a payment of its own", async () => {
    const link = await createLink({ amount: 2 });
    const page = await fetch(`${root()}/pay/${link.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain("Espresso beans, 1 kg");
    expect(html).toContain(`<form method="post" action="/pay/${link.id}?lang=en">`);
    expect(html).not.toContain("<script");
    expect((await t.request(`/payment-links/${link.id}`, { headers: headers() })).body.data.uses).toBe(0);

    const first = await startedPayment(link.id);
    const second = await startedPayment(link.id);
    expect(first.paymentId).not.toBe(second.paymentId);
    for (const p of [first, second]) {
      const record = await merchantRecord(t, p.paymentId);
      expect(record).toMatchObject({
        paymentLinkId: link.id,
        status: "CREATED",
        amount: String(2n * 10n ** 18n),
      });
      expect(record.orderId).toMatch(new RegExp(`^${link.id}-[0-9a-f]{16}$`));
    }
    const korean = await fetch(`${root()}/pay/${link.id}`, {
      headers: { "accept-language": "ko-KR,ko;q=0.9" },
    });
    expect(await korean.text()).toContain("결제하기");
    expect((await fetch(`${root()}/pay/pl_00000000000000000000000000000000`)).status).toBe(404);
  });

  it("take a typed amount only within the bounds, and a fiat amount at the price when the payer starts", async () => {
    const open = await createLink({ minAmount: 1, maxAmount: 50 });
    for (const typed of ["0.5", "50.01", "abc", "1.234", ""]) {
      const refused = await pressPay(open.id, typed);
      expect(refused.status, typed).toBe(400);
      expect(await refused.text()).toContain('role="alert"');
    }
    const typed = await startedPayment(open.id, "7.25");
    expect(typed.amount).toBe(String(725n * 10n ** 16n));

    const fiat = await createLink({ amount: 10, currency: "usd" });
    expect(fiat).toMatchObject({ amount: "10", currency: "USD" });
    const converted = await merchantRecord(t, (await startedPayment(fiat.id)).paymentId);
    // 10 USD at 2.5 USD per token.
    expect(converted).toMatchObject({ amount: String(4n * 10n ** 18n), currency: "USD", fiatAmount: 10 });
  });

  it("refuse new payments when off or expired", async () => {
    const off = await createLink({ amount: 1, active: false });
    expect((await pressPay(off.id)).status).toBe(409);
    expect(await (await fetch(`${root()}/pay/${off.id}`)).text()).toContain("takes no more payments");

    const expiring = await createLink({
      amount: 1,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await t.database.db
      .updateTable("payment_links")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", expiring.id)
      .execute();
    expect((await pressPay(expiring.id)).status).toBe(409);
  });

  it("count payments under way against maxUses: each holds a use until it expires, then frees it", async () => {
    const once = await createLink({ amount: 1, maxUses: 1 });
    const first = await startedPayment(once.id);
    // A second payer while the first pays: the one use is held (maxUses: 1 was paid 3 times before).
    const second = await pressPay(once.id);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("under way");
    expect(await (await fetch(`${root()}/pay/${once.id}`)).text()).toContain("under way");
    expect((await t.request(`/payment-links/${once.id}`, { headers: headers() })).body.data).toMatchObject({
      uses: 0,
      reserved: 1,
      available: false,
    });

    // The first payer leaves: once its payment expires, the use is free for the next one.
    await t.database.db
      .updateTable("payments")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("payment_id", "=", first.paymentId)
      .execute();
    const next = await startedPayment(once.id);
    await pay(chain, payer, next);
    await waitFor("PAID", async () => (await paymentStatus(t.database.db, next.paymentId)) === "PAID");
    expect((await t.request(`/payment-links/${once.id}`, { headers: headers() })).body.data).toMatchObject({
      uses: 1,
      reserved: 0,
      available: false,
    });
    expect((await pressPay(once.id)).status).toBe(409);

    // The first payer's wallet still had its signature: money that arrives is recorded, and refundable.
    await pay(chain, payer, first);
    await waitFor("paid late", async () => (await paymentStatus(t.database.db, first.paymentId)) === "PAID");
    // (Past its expiry, not yet swept: it was still CREATED when the money came.)
    expect(await merchantRecord(t, first.paymentId)).toMatchObject({
      status: "PAID",
      paymentLinkId: once.id,
    });
    const refund = await t.request("/refunds", {
      method: "POST",
      headers: headers(),
      json: { paymentId: first.paymentId },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
  });

  it("withdraw the open payments of a link turned off: no signature is offered, late money is recorded", async () => {
    const link = await createLink({ amount: 1 });
    const open = await startedPayment(link.id);
    const off = await t.request(`/payment-links/${link.id}`, {
      method: "PATCH",
      headers: headers(),
      json: { active: false },
    });
    expect(off.body.data).toMatchObject({ active: false, reserved: 0, available: false });
    const read = await t.request(`/payments/${open.paymentId}`, {
      headers: { "x-public-key": t.merchant.publicKey },
    });
    expect(read.body.data).toMatchObject({ status: "EXPIRED", serverSignature: null });
    await deliveredWebhook(env.receiver, open.paymentId, "payment.expired");

    await pay(chain, payer, open);
    await waitFor("paid late", async () => (await paymentStatus(t.database.db, open.paymentId)) === "PAID");
    expect(await merchantRecord(t, open.paymentId)).toMatchObject({
      status: "PAID",
      paidAfterExpiry: true,
      paymentLinkId: link.id,
    });
  });

  it("expire a link's payments with it, also when its expiry is brought forward", async () => {
    const soon = new Date(Date.now() + 120_000);
    const link = await createLink({ amount: 1, expiresAt: soon.toISOString() });
    const started = await startedPayment(link.id);
    expect(new Date(started.expiresAt).getTime()).toBe(soon.getTime());
    const sooner = new Date(Date.now() + 60_000);
    await t.request(`/payment-links/${link.id}`, {
      method: "PATCH",
      headers: headers(),
      json: { expiresAt: sooner.toISOString() },
    });
    const record = await merchantRecord(t, started.paymentId);
    expect(new Date(record.expiresAt).getTime()).toBe(sooner.getTime());
  });

  it("give a browser that presses Pay again its own open payment; a network holds at most 3", async () => {
    const link = await createLink({ amount: 1 });
    const ip = newNetwork();
    const first = await pressPay(link.id, undefined, { ip });
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0] as string;
    // Kassa is served over https here: the cookie is __Host- prefixed.
    expect(cookie).toMatch(/^__Host-kassa_payer=[A-Za-z0-9_-]{43}$/);
    const again = await pressPay(link.id, undefined, { ip, cookie });
    expect(redirectedPaymentId(again)).toBe(redirectedPaymentId(first));
    expect(again.headers.get("set-cookie")).toBeNull();

    // Browsers without the cookie on the same network: 3 payments open at most.
    const presses = [];
    for (let i = 0; i < 4; i++) presses.push(await pressPay(link.id, undefined, { ip }));
    expect(presses.map((response) => response.status)).toEqual([303, 303, 429, 429]);
    expect(await presses[3]?.text()).toContain("try again in a few minutes");
    // Its own payment is still given back to the browser that started it.
    expect(redirectedPaymentId(await pressPay(link.id, undefined, { ip, cookie }))).toBe(
      redirectedPaymentId(first),
    );

    // A typed amount is part of the payment: another amount is another payment.
    const typed = await createLink({ minAmount: 1, maxAmount: 9 });
    const typedIp = newNetwork();
    const five = await pressPay(typed.id, "5", { ip: typedIp, cookie });
    expect(redirectedPaymentId(await pressPay(typed.id, "5", { ip: typedIp, cookie }))).toBe(
      redirectedPaymentId(five),
    );
    expect(redirectedPaymentId(await pressPay(typed.id, "6", { ip: typedIp, cookie }))).not.toBe(
      redirectedPaymentId(five),
    );
  });

  it("after 140 presses from one address, the next payer's pay() costs what the one before cost", async () => {
    const link = await createLink({ amount: 1 });
    const sequence = (paymentId: string) => BigInt(`0x${paymentId.slice(-16)}`);
    const before = await startedPayment(link.id);
    const beforeGas = (await pay(chain, payer, before)).gasUsed;
    const ip = newNetwork();
    const statuses: number[] = [];
    for (let i = 0; i < 140; i++) statuses.push((await pressPay(link.id, undefined, { ip })).status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(137);
    const { n } = await t.database.db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("payment_link_id", "=", link.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(4);

    const next = await startedPayment(link.id);
    // Three sequences went to the presses: the next payer's is in the same word of the gateway's bitmap
    // as the one before (one payment in 128 opens a fresh word, whatever the presses), so it costs the
    // same, but for the calldata of their ids (a zero byte costs 4 gas, another 16): a fresh word would
    // add about 17,100.
    expect(sequence(next.paymentId) - sequence(before.paymentId)).toBe(4n);
    const nextGas = (await pay(chain, payer, next)).gasUsed;
    if (sequence(next.paymentId) >> 7n === sequence(before.paymentId) >> 7n) {
      expect(nextGas < beforeGas + 1_000n, `${nextGas} after ${beforeGas}`).toBe(true);
    }
  });

  it("tell the merchant which link a paid payment came from, in its record and its webhook", async () => {
    const link = await createLink({ amount: 3 });
    const p = await startedPayment(link.id);
    await pay(chain, payer, p);
    const delivery = await deliveredWebhook(env.receiver, p.paymentId, "payment.paid");
    expect(delivery.payload).toMatchObject({ paymentLinkId: link.id, status: "PAID" });
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({ paymentLinkId: link.id, status: "PAID" });
  });
});

describe("payment links' limits and address", () => {
  it("bound the open payments of a link and of a merchant, whoever presses", async () => {
    const limited = await startTestApp(chain, {
      publicBaseUrl: PUBLIC_URL,
      trustProxy: true,
      paymentLinks: { openPerLink: 4, openPerMerchant: 6 },
    });
    try {
      const link = async () =>
        (
          await limited.request("/payment-links", {
            method: "POST",
            headers: { "x-api-key": limited.merchant.apiKey },
            json: { ...base(), tokenAddress: limited.token, amount: 1 },
          })
        ).body.data.id as string;
      const press = (id: string) =>
        fetch(`${limited.baseUrl.replace(/\/api\/v1$/, "")}/pay/${id}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newNetwork() },
          redirect: "manual",
        });
      const first = await link();
      const second = await link();
      const statuses = async (id: string, n: number) => {
        const seen = [];
        for (let i = 0; i < n; i++) seen.push((await press(id)).status);
        return seen;
      };
      expect(await statuses(first, 5)).toEqual([303, 303, 303, 303, 429]);
      expect(await statuses(second, 3)).toEqual([303, 303, 429]);
    } finally {
      await limited.close();
    }
  });

  it("put a link's address on Kassa's public URL, never on the Host a request names", async () => {
    const forged = await fetch(`${t.baseUrl}/payment-links`, {
      method: "POST",
      headers: { ...headers(), "content-type": "application/json", "x-forwarded-host": "evil.example" },
      body: JSON.stringify({ ...base(), amount: 1 }),
    });
    expect(((await forged.json()) as { data: { url: string } }).data.url).toMatch(
      new RegExp(`^${PUBLIC_URL}/pay/pl_`),
    );
    const unconfigured = await startTestApp(chain);
    try {
      const refused = await unconfigured.request("/payment-links", {
        method: "POST",
        headers: { "x-api-key": unconfigured.merchant.apiKey },
        json: { ...base(), tokenAddress: unconfigured.token, amount: 1 },
      });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({
        code: "NOT_FOUND",
        message: expect.stringContaining("PUBLIC_BASE_URL"),
      });
    } finally {
      await unconfigured.close();
    }
  });
});

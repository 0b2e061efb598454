import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/config/index.js";
import { createServices } from "../../src/core/services.js";
import { buildApp, DOCS_PATH } from "../../src/http/app.js";
import { exampleValues } from "../../src/http/schemaExamples.js";
import { createTestDatabase, type TestDatabase } from "../harness/db.js";
import { browserUnavailable, launchChromium, type Browser } from "../harness/browser.js";

let database: TestDatabase;
let app: FastifyInstance;
let baseUrl: string;
let browser: Browser;
beforeAll(async () => {
  if (browserUnavailable) return;
  database = await createTestDatabase();
  app = await buildApp(createServices(defaultConfig(), database.db, { paymentSync: false }));
  baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await database?.close();
});

describe.skipIf(browserUnavailable)("the API reference at /docs in Chromium", () => {
  it("is Kassa's, shows the examples of POST /payments and the webhooks, with no console error", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("requestfailed", (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`));

    await page.goto(`${baseUrl}${DOCS_PATH}`);
    expect(await page.title()).toBe("Kassa API reference");
    await page.locator(".info .title").filter({ hasText: "Kassa API" }).waitFor();
    expect(await page.locator(".topbar").innerHTML()).not.toContain("swagger");

    // POST /payments: its request example, then its 201 example.
    const createPayment = page.locator("#operations-Payments-post_api_v1_payments");
    await createPayment.locator(".opblock-summary").click();
    const body = createPayment.locator(".body-param__example, .opblock-section-request-body");
    await body.getByText('"currency": "KRW"').first().waitFor();
    await createPayment.getByText('"amount": "25000000"').first().waitFor();
    await createPayment.getByText("Payment created").first().waitFor();
    await createPayment.getByText(exampleValues.gateway).first().waitFor();

    // Webhooks, with their event schemas.
    await page.getByText("payment.refunded").first().waitFor();

    expect(problems).toEqual([]);
    await page.close();
  });
});

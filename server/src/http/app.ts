import { randomUUID } from "node:crypto";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import {
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Services } from "../core/services.js";
import { createPayerPage } from "../core/subscriptions/payerPage.js";
import { KassaError, validationError } from "../errors.js";
import { unsafeStringIssues } from "../core/validation.js";
import type { RouteContext } from "./context.js";
import { connectionsCheckingIntervalMs } from "../config/http.js";
import { kassaPublicUrl } from "../config/index.js";
import {
  clientErrorAnswer,
  declareFrameworkErrors,
  frameworkErrors,
  installErrorHandling,
} from "./errors.js";
import { installRequestGuards } from "./requestGuards.js";
import { rateLimitBucket, throwAuthFailure } from "./auth.js";
import { merchantRoutes } from "./routes/merchant.js";
import { merchantPaymentRoutes } from "./routes/merchantPayments.js";
import { paymentRoutes } from "./routes/payments.js";
import { priceRoutes } from "./routes/prices.js";
import { refundRoutes } from "./routes/refunds.js";
import { exportRoutes } from "./routes/exports.js";
import { paymentLinkRoutes } from "./routes/paymentLinks.js";
import { payPageRoutes } from "./routes/payPage.js";
import { webhookRoutes } from "./routes/webhooks.js";
import { dashboardPageRoutes, type DashboardServeOptions } from "./routes/dashboardPage.js";
import { dashboardSessionRoutes } from "./routes/dashboardSession.js";
import { gaslessRoutes } from "./routes/gasless.js";
import { depositReturnRoutes } from "./routes/depositReturns.js";
import { publicRoutes } from "./routes/public.js";
import { payerSubscriptionRoutes } from "./routes/payerSubscriptions.js";
import { publicSubscriptionRoutes, subscriptionRoutes } from "./routes/subscriptions.js";
import { widgetRoutes, type WidgetServeOptions } from "./routes/widget.js";
import { installMetrics } from "./metrics.js";
import { createStatusStreams } from "./statusStream.js";
import {
  docsUi,
  routeSchemaTransform,
  securitySchemes,
  webhooksSection,
  withComponentExamples,
} from "./schemas.js";

export const API_PREFIX = "/api/v1";
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PATH = "/docs";

/** What the API serves beyond what the configuration says. */
export interface AppOptions {
  /** The payer widget at /widget and the embed script at /widget.js; false: not served. Default: served, no dev wallet. */
  widget?: WidgetServeOptions | false;
  /** How /dashboard is served where it is configured; `kassa dev` adds its dev wallet. */
  dashboard?: DashboardServeOptions;
  /** GET /metrics and HTTP latency; default true (METRICS_TOKEN guards it). */
  metrics?: boolean;
  /** Largest accepted request body in bytes; default 64 KiB. */
  bodyLimit?: number;
}

/** Trust the `hops` proxies nearest to Kassa (Fastify's numeric trustProxy, which its types omit). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/**
 * The HTTP API over finished services: routes under /api/v1, OpenAPI at /api/v1/openapi.json, Swagger UI at
 * /docs. Its settings (CORS origin, rate limit, proxies, metrics token) are the services' configuration.
 */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config, now } = services;
  const bodyLimit = options.bodyLimit ?? 64 * 1024;
  const logger: FastifyBaseLogger = services.logger;
  const base: FastifyInstance = Fastify({
    bodyLimit,
    // Every log line of a request carries its id; a caller's x-request-id is kept so logs join up.
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    loggerInstance: logger,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    frameworkErrors,
    // Timeouts of a client's connection (docs/operations.md, Timeouts): Fastify's defaults leave the
    // request and socket timeouts off, so a body that stalls after its headers held its connection forever.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingIntervalMs(config.http),
    },
    clientErrorHandler: clientErrorAnswer,
  });
  installErrorHandling(base, bodyLimit);
  installRequestGuards(base, bodyLimit);
  base.addHook("onRoute", declareFrameworkErrors);
  base.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  if (options.metrics ?? true) installMetrics(base, services.metrics, config.metricsToken?.reveal());
  const app = base.withTypeProvider<ZodTypeProvider>();

  // Zod validates every request part; a failure is VALIDATION_ERROR with `details` naming each field. Then, whatever
  // the schema allowed, no string of any part may hold NUL, a lone surrogate, or exceed the backstop
  // (after the schema, so a field's own rule, with its own message, speaks first).
  app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data);
    if (!result.success) return { error: validationError(result.error.issues) };
    const unsafe = unsafeStringIssues(data);
    return unsafe.length > 0 ? { error: validationError(unsafe) } : { value: result.data };
  });
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text/plain body is a client mistake, answered 400 rather than parsed as a string.
  app.removeContentTypeParser(["text/plain"]);
  app.decorateRequest("kassaMerchant", null);
  app.decorateRequest("kassaKeyKind", null);
  app.decorateRequest("kassaAuthFailure", null);
  app.decorateRequest("kassaSession", null);

  await app.register(helmet);
  await app.register(cors, {
    origin: config.allowedWidgetOrigin === undefined ? false : [config.allowedWidgetOrigin],
    methods: ["GET", "POST"],
    // Never x-api-key: the secret key must not be usable from a browser.
    allowedHeaders: ["content-type", "x-public-key", "x-origin"],
    exposedHeaders: ["x-request-id"],
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    // Runs after the routes' auth hooks, so the bucket is chosen by the identity they verified.
    keyGenerator: rateLimitBucket,
    errorResponseBuilder: (_request, context) =>
      new KassaError(
        "RATE_LIMITED",
        `rate limit of ${context.max} requests per minute exceeded; retry in ${context.after}`,
      ),
  });
  // Behind the rate limit's hook (both are appended to each route's onRequest, in this order).
  app.addHook("onRoute", (route) => {
    route.onRequest = [route.onRequest ?? []].flat().concat(throwAuthFailure);
  });
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Kassa API",
        version: "1.0.0",
        description:
          "Non-custodial ERC-20 payment gateway. Success bodies are { success: true, data }; errors are { code, message, details? }.",
      },
      servers: [{ url: config.publicBaseUrl ?? "/" }],
      components: { securitySchemes },
      webhooks: webhooksSection(),
    },
    transform: routeSchemaTransform,
    transformObject: (document) => withComponentExamples(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    ...docsUi,
    uiConfig: { url: OPENAPI_PATH },
  });

  const statusStreams = createStatusStreams(services.statusFeed, {
    maxStreams: config.http.maxStatusStreams,
  });
  app.addHook("preClose", async () => statusStreams.closeAll());
  // The feed follows only the payments of this API's streams: it stops with them.
  app.addHook("onClose", async () => services.statusFeed.close());
  const context: RouteContext = {
    db: services.db,
    reads: services.reads,
    now,
    auth: {
      reads: services.reads,
      allowedWidgetOrigin: config.allowedWidgetOrigin,
      dashboard: services.dashboard,
    },
    payments: services.payments,
    prices: services.prices.queryDeps,
    refunds: services.refunds,
    paymentSync: services.paymentSync,
    statusStreams,
    webhookAllowPrivate: config.webhookAllowPrivate,
    publicBaseUrl: kassaPublicUrl(config),
    paymentLinkLimits: config.paymentLinks,
  };
  await app.register(
    async (api) => {
      await api.register(publicRoutes(context));
      await api.register(paymentRoutes(context));
      await api.register(merchantRoutes(context));
      await api.register(merchantPaymentRoutes(context));
      await api.register(priceRoutes(context));
      await api.register(refundRoutes(context));
      await api.register(webhookRoutes(context));
      await api.register(exportRoutes(context));
      await api.register(paymentLinkRoutes(context));
      const subscriptions = {
        db: services.db,
        chains: services.chains,
        signer: services.signer,
        now: services.now,
        publicBaseUrl: context.publicBaseUrl,
      };
      await api.register(subscriptionRoutes(subscriptions, context.auth));
      await api.register(publicSubscriptionRoutes(subscriptions));
      const payerOrigin = context.publicBaseUrl && new URL(context.publicBaseUrl).origin;
      await api.register(
        payerSubscriptionRoutes(
          payerOrigin
            ? { payer: createPayerPage({ ...subscriptions, origin: payerOrigin }), origin: payerOrigin }
            : undefined,
        ),
      );
      await api.register(dashboardSessionRoutes(context.auth));
      await api.register(gaslessRoutes(context, services.gasless));
      await api.register(
        depositReturnRoutes(
          {
            gasless: services.gasless,
            signer: services.signer,
            nextPaymentSequence: services.payments.nextPaymentSequence,
          },
          context.auth,
        ),
      );
      api.get("/openapi.json", { schema: { hide: true } }, () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  if (options.widget !== false) {
    await app.register(widgetRoutes(options.widget));
    // A payment link's page sends the payer on to the widget.
    await app.register(payPageRoutes(context));
  }
  // The merchant dashboard, where its sign-in is configured (PUBLIC_BASE_URL or ALLOWED_WIDGET_ORIGIN).
  if (services.dashboard) await app.register(dashboardPageRoutes(options.dashboard));
  return base;
}

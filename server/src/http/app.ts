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
import type { PaymentSigner } from "../chain/signer.js";
import { noPriceService, type PriceService } from "../core/prices/priceService.js";
import type { Db } from "../db/database.js";
import { createPaymentInserter } from "../db/payments.js";
import { createPaymentSequencer } from "../db/paymentSequences.js";
import { createSharedReads } from "../db/sharedReads.js";
import type { Metrics } from "../core/metrics.js";
import { KassaError, validationError } from "../errors.js";
import { unsafeStringIssues } from "../core/validation.js";
import type { PriceQueryDeps } from "../core/prices/service.js";
import { createPaymentSync, type PaymentSync } from "../core/paymentSync.js";
import { createPaymentStatusFeed } from "../core/paymentStatusFeed.js";
import type { ChainClients } from "../chain/clients.js";
import { createChainClients } from "../chain/clients.js";
import type { GaslessRuntime } from "../chain/gasless.js";
import { defaultGaslessSettings } from "../config/gasless.js";
import { createGasless } from "../jobs/gasless.js";
import type { RouteContext } from "./context.js";
import { frameworkErrors, installErrorHandling } from "./errors.js";
import { rateLimitBucket, throwAuthFailure } from "./auth.js";
import { merchantRoutes } from "./routes/merchant.js";
import { merchantPaymentRoutes } from "./routes/merchantPayments.js";
import { paymentRoutes } from "./routes/payments.js";
import { priceRoutes } from "./routes/prices.js";
import { refundRoutes } from "./routes/refunds.js";
import { webhookRoutes } from "./routes/webhooks.js";
import { dashboardSessionRoutes } from "./routes/dashboardSession.js";
import { createDashboardAuth } from "../core/dashboard/session.js";
import { gaslessRoutes } from "./routes/gasless.js";
import { publicRoutes } from "./routes/public.js";
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

export interface AppDeps {
  db: Db;
  /** Absent: POST /payments answers SIGNING_SERVICE_ERROR. */
  signer: PaymentSigner | undefined;
  /** Default: no price service (fiat payments answer PRICE_SERVICE_NOT_CONFIGURED). */
  prices?: PriceService;
  /** GET /prices (createPriceRuntime().queryDeps). Default: USD only, which has no data until collected. */
  priceQueries?: PriceQueryDeps;
  /** Default: the system clock. */
  now?: () => Date;
  /** ALLOWED_WIDGET_ORIGIN: the only CORS origin and the Origin public-key endpoints require. */
  allowedWidgetOrigin?: string;
  /** Requests per minute per bucket (see rateLimitBucket in auth.ts); default 600. */
  rateLimitPerMinute?: number;
  /** Fastify's trustProxy (TRUST_PROXY): which proxies' X-Forwarded-For sets request.ip. Default false. */
  trustProxy?: boolean | number | string[];
  /** Largest accepted request body in bytes; default 64 KiB. */
  bodyLimit?: number;
  /** Default: no logging. Create it with createLogger() so keys are redacted. */
  logger?: FastifyBaseLogger;
  /** Listed as the server in the OpenAPI document. */
  publicBaseUrl?: string;
  /** The payer widget at /widget and the embed script at /widget.js; false: not served. Default: served, no dev wallet. */
  widget?: WidgetServeOptions | false;
  /** RPC clients for the on-demand sync of GET /payments/:id. Default: the chains' stored RPC URLs. */
  chains?: ChainClients;
  /** GET /payments/:id chain sync; default created from `chains`; false turns it off. */
  paymentSync?: PaymentSync | false;
  /** Prometheus metrics: GET /metrics and HTTP latency. Default: none. */
  metrics?: Metrics;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** Kassa's own origin, where the merchant dashboard is served and signs in; absent: no dashboard. */
  dashboardOrigin?: string;
  /** Relayer and faucet (createGasless). Default: none configured (RELAYER_NOT_CONFIGURED, FAUCET_DISABLED). */
  gasless?: GaslessRuntime;
}

/** Trust the `hops` proxies nearest to Kassa (Fastify's numeric trustProxy, which its types omit). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** The HTTP API: routes under /api/v1, OpenAPI at /api/v1/openapi.json, Swagger UI at /docs. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const bodyLimit = deps.bodyLimit ?? 64 * 1024;
  const now = deps.now ?? (() => new Date());
  const base: FastifyInstance = Fastify({
    bodyLimit,
    // Every log line of a request carries its id; a caller's x-request-id is kept so logs join up.
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: typeof deps.trustProxy === "number" ? trustHops(deps.trustProxy) : (deps.trustProxy ?? false),
    frameworkErrors,
  });
  installErrorHandling(base, bodyLimit);
  base.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  if (deps.metrics) installMetrics(base, deps.metrics, deps.metricsToken);
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

  await app.register(helmet);
  await app.register(cors, {
    origin: deps.allowedWidgetOrigin === undefined ? false : [deps.allowedWidgetOrigin],
    methods: ["GET", "POST"],
    // Never x-api-key: the secret key must not be usable from a browser.
    allowedHeaders: ["content-type", "x-public-key", "x-origin"],
    exposedHeaders: ["x-request-id"],
  });
  await app.register(rateLimit, {
    max: deps.rateLimitPerMinute ?? 600,
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
      servers: [{ url: deps.publicBaseUrl ?? "/" }],
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

  const reads = createSharedReads(deps.db);
  const paymentSync =
    deps.paymentSync === false
      ? undefined
      : (deps.paymentSync ??
        createPaymentSync({
          db: deps.db,
          chains: deps.chains ?? createChainClients(),
          now,
          ...(deps.logger ? { logger: deps.logger } : {}),
        }));
  // One status feed per process, whatever the number of payers streaming.
  const statusFeed = createPaymentStatusFeed({
    db: deps.db,
    reads,
    ...(paymentSync ? { paymentSync } : {}),
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  const statusStreams = createStatusStreams(statusFeed);
  app.addHook("preClose", async () => statusStreams.closeAll());
  app.addHook("onClose", async () => statusFeed.close());
  const context: RouteContext = {
    db: deps.db,
    reads,
    now,
    auth: {
      reads,
      allowedWidgetOrigin: deps.allowedWidgetOrigin,
      dashboard:
        deps.dashboardOrigin === undefined
          ? undefined
          : {
              origin: deps.dashboardOrigin,
              auth: createDashboardAuth({
                db: deps.db,
                chains: deps.chains ?? createChainClients(),
                origin: deps.dashboardOrigin,
                now,
              }),
            },
    },
    payments: {
      db: deps.db,
      reads,
      insertPayment: createPaymentInserter(deps.db),
      nextPaymentSequence: createPaymentSequencer(deps.db),
      signer: deps.signer,
      prices: deps.prices ?? noPriceService,
      now,
    },
    prices: deps.priceQueries ?? { db: deps.db, now, currencies: ["USD"] },
    refunds: { db: deps.db, signer: deps.signer, now },
    paymentSync,
    statusStreams,
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
      await api.register(dashboardSessionRoutes(context.auth));
      await api.register(
        gaslessRoutes(
          context,
          deps.gasless ??
            createGasless({
              db: deps.db,
              chains: createChainClients(),
              settings: defaultGaslessSettings(),
              now,
            }),
        ),
      );
      api.get("/openapi.json", { schema: { hide: true } }, () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  if (deps.widget !== false) await app.register(widgetRoutes(deps.widget));
  return base;
}

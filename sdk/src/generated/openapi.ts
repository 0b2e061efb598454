/**
 * GENERATED FILE, DO NOT EDIT.
 * Types of Kassa's HTTP API, made by openapi-typescript from the OpenAPI document the server serves at
 * /api/v1/openapi.json. Regenerate with `npm run generate -w sdk` after changing a route or a schema.
 */

export interface paths {
  "/api/v1/chains": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Supported chains */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                chains: components["schemas"]["Chain"][];
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/chains/tokens": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every chain with its enabled tokens */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                chains: components["schemas"]["ChainWithTokens"][];
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/health": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness, including the database */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {string} */
              status: "ok";
              timestamp: string;
            };
          };
        };
        /** @description code: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/payments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a payment
     * @description Returns what the payer's wallet needs for PaymentGateway.pay(), signed by the server. Browser: x-public-key plus Origin. Merchant server (trusted, no Origin needed): x-api-key.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description Merchant order id, unique per merchant */
            orderId: string;
            /** @description Token units, or fiat units when currency is given; at most 2 decimals, minimum 0.01 */
            amount: number;
            /** @description ERC-20 token, whitelisted on the merchant's chain and enabled for the merchant */
            tokenAddress: string;
            /** @description Redirect URL on success, or service:none */
            successUrl: string;
            /** @description Redirect URL on failure, or service:none */
            failUrl: string;
            /** @description Fiat code (USD, KRW...): amount is then a fiat amount converted at the one-hour average price */
            currency?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["CreatedPayment"];
            };
          };
        };
        /** @description code: VALIDATION_ERROR, INVALID_REQUEST, UNSUPPORTED_CHAIN, CHAIN_NOT_CONFIGURED, RECIPIENT_NOT_CONFIGURED, CHAIN_MISMATCH, UNSUPPORTED_TOKEN, TOKEN_NOT_ENABLED, PRICE_SERVICE_NOT_CONFIGURED, INVALID_CURRENCY */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: TOKEN_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: DUPLICATE_ORDER */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: SIGNING_SERVICE_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/payments/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a payment with its status
     * @description Behind a proxy, x-origin may replace Origin on this GET.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description paymentId */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["Payment"];
            };
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: PAYMENT_NOT_FOUND, NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/payments/{id}/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Follow a payment's status (server-sent events)
     * @description A `text/event-stream` for the payer's page, instead of polling GET /payments/:id: an `event: status` whose `data` is the payment (the `data` of GET /payments/:id) at once, then one at each status change; the stream ends after the event that leaves CREATED (the payer's wait is over), or after 15 minutes. A comment line (`: keep-alive`) every 15 s. At most 20 open streams per client IP (429 RATE_LIMITED). Counts as one request against the rate limit, however long it stays open.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description paymentId */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description `event: status` events, each with a Payment (as in GET /payments/:id) as `data` */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/event-stream": string;
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: PAYMENT_NOT_FOUND, NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/merchant": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The authenticated merchant, its payment methods and its chain's tokens */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                merchant: components["schemas"]["Merchant"];
                /** @description Enabled whitelisted tokens of the merchant's chain */
                chainTokens: components["schemas"]["Token"][];
              };
            };
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/merchant/payment-methods": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List payment methods */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                payment_methods: components["schemas"]["PaymentMethod"][];
              };
            };
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /** Enable a whitelisted token of the merchant's chain for payments */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            tokenAddress: string;
            /** @default true */
            is_enabled?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["PaymentMethod"];
            };
          };
        };
        /** @description code: VALIDATION_ERROR, CHAIN_NOT_CONFIGURED, CHAIN_MISMATCH, UNSUPPORTED_TOKEN */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: TOKEN_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: PAYMENT_METHOD_EXISTS */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/merchant/payment-methods/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Enable or disable a payment method */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            is_enabled: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["PaymentMethod"];
            };
          };
        };
        /** @description code: VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/api/v1/merchants/me/payments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Find a payment by orderId, or list payments
     * @description With orderId: that order's payment record. Without: the merchant's payments, newest first, paginated with limit and starting_after, optionally filtered by status.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size, 1 to 100 */
          limit?: number;
          /** @description paymentId of the last item of the previous page */
          starting_after?: string;
          /** @description Only payments in this status */
          status?: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
          /** @description When given, the response is that order's one payment record (404 PAYMENT_NOT_FOUND if none) */
          orderId?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data:
                | components["schemas"]["MerchantPaymentRecord"]
                | {
                    /** @description Newest first */
                    payments: components["schemas"]["MerchantPaymentRecord"][];
                    /** @description More payments follow; pass the last paymentId as starting_after */
                    has_more: boolean;
                  };
            };
          };
        };
        /** @description code: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/merchants/me/payments/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one payment record */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description paymentId */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["MerchantPaymentRecord"];
            };
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/merchant/payments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Legacy form of GET /merchants/me/payments
     * @deprecated
     * @description With orderId: that order's payment record. Without: the merchant's payments, newest first, paginated with limit and starting_after, optionally filtered by status.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size, 1 to 100 */
          limit?: number;
          /** @description paymentId of the last item of the previous page */
          starting_after?: string;
          /** @description Only payments in this status */
          status?: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
          /** @description When given, the response is that order's one payment record (404 PAYMENT_NOT_FOUND if none) */
          orderId?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data:
                | components["schemas"]["MerchantPaymentRecord"]
                | {
                    /** @description Newest first */
                    payments: components["schemas"]["MerchantPaymentRecord"][];
                    /** @description More payments follow; pass the last paymentId as starting_after */
                    has_more: boolean;
                  };
            };
          };
        };
        /** @description code: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/merchant/payments/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Legacy form of GET /merchants/me/payments/:id
     * @deprecated
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description paymentId */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["MerchantPaymentRecord"];
            };
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/prices": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Current or previous-hour average price of a whitelisted token
     * @description `current` is the newest sample (collected every 5 minutes); `hourly-average` is the mean of the previous full hour (at 16:20, 15:00-16:00), falling back to the newest hour with samples within the staleness limit.
     */
    get: {
      parameters: {
        query: {
          /** @description EIP-155 chain id */
          chainId: string;
          /** @description ERC-20 token address */
          tokenAddress: string;
          /** @description `current` (default) or `hourly-average` */
          type?: "current" | "hourly-average";
          /** @description ISO 4217 fiat code, default USD */
          currency?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["TokenPrice"];
            };
          };
        };
        /** @description code: VALIDATION_ERROR, INVALID_CURRENCY */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: TOKEN_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/refunds": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List refunds
     * @description Newest first, paginated with limit and starting_after, optionally of one payment.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size, 1 to 100 */
          limit?: number;
          /** @description id of the last refund of the previous page */
          starting_after?: string;
          /** @description Only refunds of this payment */
          paymentId?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @description Newest first */
                refunds: components["schemas"]["Refund"][];
                has_more: boolean;
              };
            };
          };
        };
        /** @description code: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Start a refund of a PAID payment
     * @description Moves the payment to REFUND_SUBMITTED and returns the transaction the merchant's recipient wallet must send (after approving the gateway for `amount`) before `deadline`. The payment becomes REFUNDED when the transaction is confirmed (payment.refunded webhook), or PAID again if it is not sent in time.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            paymentId: string;
            /** @description Base units to send back; default (and at most) the paid amount, fee included */
            amount?: string;
            reason?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["Refund"];
            };
          };
        };
        /** @description code: VALIDATION_ERROR, PAYMENT_NOT_PAID */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: PAYMENT_ALREADY_REFUNDED, REFUND_IN_PROGRESS, CONFLICT */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: SIGNING_SERVICE_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/refunds/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a refund */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description rf_ refund id */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["Refund"];
            };
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: REFUND_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/merchants/me/webhook-deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhook deliveries with their attempts
     * @description Newest first, paginated with limit and starting_after, optionally of one payment.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size, 1 to 100 */
          limit?: number;
          /** @description id of the last delivery of the previous page */
          starting_after?: string;
          /** @description Only deliveries of this payment's events */
          paymentId?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @description Newest first */
                deliveries: components["schemas"]["WebhookDelivery"][];
                has_more: boolean;
              };
            };
          };
        };
        /** @description code: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/merchants/me/webhook-deliveries/{id}/redeliver": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a delivery's event again
     * @description Creates a new delivery of the same event (same webhook-id) and sends it at once.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description whd_ delivery id */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["Redelivery"];
            };
          };
        };
        /** @description code: INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/merchants/me/webhook-secret/rotate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue a new webhook signing secret
     * @description The new whsec_ secret signs every attempt from now on; the old one stops at once.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["RotatedWebhookSecret"];
            };
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/payments/{id}/relay": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Status of the payment's gasless relay */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description paymentId */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["RelayRequest"];
            };
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: PAYMENT_NOT_FOUND, RELAY_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Submit a gasless payment (EIP-712 ForwardRequest)
     * @description Checks the ForwardRequest against the payment, simulates it, and queues it for the relayer. 202 once safely queued; follow it with GET /payments/:id/relay.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description paymentId */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description Must equal the paymentId of the path */
            paymentId: string;
            /** @description The payment's forwarderAddress */
            forwarderAddress: string;
            forwardRequest: {
              /** @description Payer wallet */
              from?: string;
              /** @description The payment's gatewayAddress */
              to: string;
              /** @description Always 0 */
              value: string | number;
              /** @description Gas for the pay() call; 200000 recommended */
              gas: string | number;
              /** @description The payer's current nonce on the forwarder */
              nonce: string | number;
              /** @description Unix seconds: signature expiry */
              deadline: string | number;
              /** @description The encoded pay(...) call */
              data: string;
              /** @description EIP-712 signature of the ForwardRequest, 0x-prefixed */
              signature: string;
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @enum {string} */
                status: "submitted";
                message: string;
              };
            };
          };
        };
        /** @description code: VALIDATION_ERROR, INVALID_REQUEST, INVALID_PAYMENT_STATUS, PAYMENT_EXPIRED, INVALID_SIGNATURE, RELAY_ALREADY_SUBMITTED, AMOUNT_MISMATCH, RELAYER_NOT_CONFIGURED, PAYER_ADDRESS_NOT_FOUND, INSUFFICIENT_TOKEN_BALANCE */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: RELAYER_ERROR, CHAIN_CONFIG_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/payments/{id}/gas-status": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether a wallet can receive a gas grant for the payment's approve
     * @description Bare body (no success wrapper).
     */
    get: {
      parameters: {
        query: {
          walletAddress: string;
        };
        header?: never;
        path: {
          /** @description paymentId */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["GasStatus"];
          };
        };
        /** @description code: VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: FORBIDDEN, FAUCET_DISABLED */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: RELAYER_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/payments/request-gas": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * One-time grant of native token for the approve transaction
     * @description Answers after the grant transaction is confirmed on-chain. Bare body (no success wrapper).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description paymentId */
            paymentId: string;
            /** @description Wallet that will send the approve */
            walletAddress: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["GasGrant"];
          };
        };
        /** @description code: VALIDATION_ERROR, INVALID_PAYMENT_STATUS, PAYMENT_EXPIRED, INSUFFICIENT_TOKEN_BALANCE, ALREADY_HAS_GAS, ALREADY_GRANTED, PAYMENT_ALREADY_GRANTED, GRANT_NOT_USABLE */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: FORBIDDEN, FAUCET_DISABLED */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: GRANT_IN_PROGRESS */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: RATE_LIMITED, FAUCET_BUDGET_EXHAUSTED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description code: RELAYER_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Chain: {
      id: number;
      network_id: number;
      name: string;
      is_testnet: boolean;
    };
    ChainInput: {
      id: number;
      network_id: number;
      name: string;
      is_testnet: boolean;
    };
    ChainWithTokens: {
      id: number;
      network_id: number;
      name: string;
      is_testnet: boolean;
      /** @description Enabled whitelisted tokens */
      tokens: components["schemas"]["Token"][];
    };
    ChainWithTokensInput: {
      id: number;
      network_id: number;
      name: string;
      is_testnet: boolean;
      /** @description Enabled whitelisted tokens */
      tokens: components["schemas"]["TokenInput"][];
    };
    CreatedPayment: {
      /** @description bytes32 payment id, the paymentId of pay() */
      paymentId: string;
      orderId: string;
      /** @description EIP-155 chain id of the merchant's chain */
      chainId: number;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      tokenSymbol: string;
      tokenDecimals: number;
      tokenPermitSupported: boolean;
      isFaucetEnabled: boolean;
      /** @description EIP-55 checksummed address */
      gatewayAddress: string;
      /** @description null when gasless payment is unsupported */
      forwarderAddress: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      /** @description EIP-55 checksummed address */
      recipientAddress: string;
      /** @description 0x-prefixed 32-byte hex */
      merchantId: string;
      /** @description Unix seconds; deadline of the server signature, argument of pay() */
      deadline: string;
      successUrl: string;
      failUrl: string;
      /** @description ISO 8601 date-time */
      expiresAt: string;
      currency: string | null;
      fiatAmount: number | null;
      tokenPrice: number | null;
      /** @description EIP-712 PaymentRequest signature of the Kassa signer, argument of pay() */
      serverSignature: string;
    };
    CreatedPaymentInput: {
      /** @description bytes32 payment id, the paymentId of pay() */
      paymentId: string;
      orderId: string;
      /** @description EIP-155 chain id of the merchant's chain */
      chainId: number;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      tokenSymbol: string;
      tokenDecimals: number;
      tokenPermitSupported: boolean;
      isFaucetEnabled: boolean;
      /** @description EIP-55 checksummed address */
      gatewayAddress: string;
      /** @description null when gasless payment is unsupported */
      forwarderAddress: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      /** @description EIP-55 checksummed address */
      recipientAddress: string;
      /** @description 0x-prefixed 32-byte hex */
      merchantId: string;
      /** @description Unix seconds; deadline of the server signature, argument of pay() */
      deadline: string;
      successUrl: string;
      failUrl: string;
      /** @description ISO 8601 date-time */
      expiresAt: string;
      currency: string | null;
      fiatAmount: number | null;
      tokenPrice: number | null;
      /** @description EIP-712 PaymentRequest signature of the Kassa signer, argument of pay() */
      serverSignature: string;
    };
    Error: {
      /**
       * @description One of the error codes of server/src/errors.ts
       * @enum {string}
       */
      code:
        | "UNAUTHORIZED"
        | "INVALID_REQUEST"
        | "VALIDATION_ERROR"
        | "UNSUPPORTED_CHAIN"
        | "CHAIN_NOT_CONFIGURED"
        | "CHAIN_MISMATCH"
        | "TOKEN_NOT_ENABLED"
        | "INVALID_PAYMENT_STATUS"
        | "PAYMENT_EXPIRED"
        | "INVALID_STATUS"
        | "PAYMENT_NOT_PAID"
        | "INVALID_SIGNATURE"
        | "RELAYER_NOT_CONFIGURED"
        | "RECIPIENT_NOT_CONFIGURED"
        | "INVALID_CURRENCY"
        | "UNSUPPORTED_TOKEN"
        | "TOKEN_INFO_ERROR"
        | "PRICE_SERVICE_NOT_CONFIGURED"
        | "PAYER_ADDRESS_NOT_FOUND"
        | "RELAY_ALREADY_SUBMITTED"
        | "AMOUNT_MISMATCH"
        | "INSUFFICIENT_TOKEN_BALANCE"
        | "ALREADY_HAS_GAS"
        | "ALREADY_GRANTED"
        | "PAYMENT_ALREADY_GRANTED"
        | "GRANT_NOT_USABLE"
        | "FORBIDDEN"
        | "FAUCET_DISABLED"
        | "TOKEN_NOT_FOUND"
        | "PAYMENT_NOT_FOUND"
        | "NOT_FOUND"
        | "CHAIN_NOT_FOUND"
        | "RELAY_NOT_FOUND"
        | "REFUND_NOT_FOUND"
        | "DUPLICATE_ORDER"
        | "PAYMENT_METHOD_EXISTS"
        | "PAYMENT_ALREADY_REFUNDED"
        | "CONFLICT"
        | "REFUND_IN_PROGRESS"
        | "GRANT_IN_PROGRESS"
        | "RATE_LIMITED"
        | "FAUCET_BUDGET_EXHAUSTED"
        | "CHAIN_CONFIG_ERROR"
        | "MERCHANT_CHAIN_NOT_CONFIGURED"
        | "SIGNATURE_ERROR"
        | "SIGNING_SERVICE_ERROR"
        | "RELAYER_ERROR"
        | "INTERNAL_ERROR";
      message: string;
      /** @description VALIDATION_ERROR only: which input failed and why */
      details?: {
        path: string[];
        message: string;
      }[];
    };
    ErrorInput: {
      /**
       * @description One of the error codes of server/src/errors.ts
       * @enum {string}
       */
      code:
        | "UNAUTHORIZED"
        | "INVALID_REQUEST"
        | "VALIDATION_ERROR"
        | "UNSUPPORTED_CHAIN"
        | "CHAIN_NOT_CONFIGURED"
        | "CHAIN_MISMATCH"
        | "TOKEN_NOT_ENABLED"
        | "INVALID_PAYMENT_STATUS"
        | "PAYMENT_EXPIRED"
        | "INVALID_STATUS"
        | "PAYMENT_NOT_PAID"
        | "INVALID_SIGNATURE"
        | "RELAYER_NOT_CONFIGURED"
        | "RECIPIENT_NOT_CONFIGURED"
        | "INVALID_CURRENCY"
        | "UNSUPPORTED_TOKEN"
        | "TOKEN_INFO_ERROR"
        | "PRICE_SERVICE_NOT_CONFIGURED"
        | "PAYER_ADDRESS_NOT_FOUND"
        | "RELAY_ALREADY_SUBMITTED"
        | "AMOUNT_MISMATCH"
        | "INSUFFICIENT_TOKEN_BALANCE"
        | "ALREADY_HAS_GAS"
        | "ALREADY_GRANTED"
        | "PAYMENT_ALREADY_GRANTED"
        | "GRANT_NOT_USABLE"
        | "FORBIDDEN"
        | "FAUCET_DISABLED"
        | "TOKEN_NOT_FOUND"
        | "PAYMENT_NOT_FOUND"
        | "NOT_FOUND"
        | "CHAIN_NOT_FOUND"
        | "RELAY_NOT_FOUND"
        | "REFUND_NOT_FOUND"
        | "DUPLICATE_ORDER"
        | "PAYMENT_METHOD_EXISTS"
        | "PAYMENT_ALREADY_REFUNDED"
        | "CONFLICT"
        | "REFUND_IN_PROGRESS"
        | "GRANT_IN_PROGRESS"
        | "RATE_LIMITED"
        | "FAUCET_BUDGET_EXHAUSTED"
        | "CHAIN_CONFIG_ERROR"
        | "MERCHANT_CHAIN_NOT_CONFIGURED"
        | "SIGNATURE_ERROR"
        | "SIGNING_SERVICE_ERROR"
        | "RELAYER_ERROR"
        | "INTERNAL_ERROR";
      message: string;
      /** @description VALIDATION_ERROR only: which input failed and why */
      details?: {
        path: string[];
        message: string;
      }[];
    };
    GasGrant: {
      txHash: string;
      /** @description Native token, wei */
      amount: string;
      chainId: number;
    };
    GasGrantInput: {
      txHash: string;
      /** @description Native token, wei */
      amount: string;
      chainId: number;
    };
    GasStatus: {
      /** @description The native balance is below the estimated approve cost */
      needsGas: boolean;
      /** @description The wallet holds at least the payment amount */
      hasEnoughTokenBalance: boolean;
      /** @description The wallet already received a grant on this chain */
      alreadyGranted: boolean;
      /** @description needsGas && !alreadyGranted && hasEnoughTokenBalance */
      canReceiveGas: boolean;
    };
    GasStatusInput: {
      /** @description The native balance is below the estimated approve cost */
      needsGas: boolean;
      /** @description The wallet holds at least the payment amount */
      hasEnoughTokenBalance: boolean;
      /** @description The wallet already received a grant on this chain */
      alreadyGranted: boolean;
      /** @description needsGas && !alreadyGranted && hasEnoughTokenBalance */
      canReceiveGas: boolean;
    };
    Merchant: {
      id: number;
      merchant_key: string;
      /** @description 0x-prefixed 32-byte hex */
      merchant_id: string;
      name: string;
      chain_id: number | null;
      chain: components["schemas"]["Chain"] | null;
      recipient_address: string | null;
      webhook_url: string | null;
      /** @description pk_ key, safe to use in a browser */
      public_key: string;
      faucet_enabled: boolean;
      is_enabled: boolean;
      /** @description ISO 8601 date-time */
      created_at: string;
      /** @description ISO 8601 date-time */
      updated_at: string;
      payment_methods: components["schemas"]["PaymentMethod"][];
    };
    MerchantInput: {
      id: number;
      merchant_key: string;
      /** @description 0x-prefixed 32-byte hex */
      merchant_id: string;
      name: string;
      chain_id: number | null;
      chain: components["schemas"]["ChainInput"] | null;
      recipient_address: string | null;
      webhook_url: string | null;
      /** @description pk_ key, safe to use in a browser */
      public_key: string;
      faucet_enabled: boolean;
      is_enabled: boolean;
      /** @description ISO 8601 date-time */
      created_at: string;
      /** @description ISO 8601 date-time */
      updated_at: string;
      payment_methods: components["schemas"]["PaymentMethodInput"][];
    };
    MerchantPaymentRecord: {
      /** @description 0x-prefixed 32-byte hex */
      paymentId: string;
      orderId: string;
      /** @enum {string} */
      status: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
      /** @description Token amount in base units (wei) */
      amount: string;
      chainId: number;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      tokenSymbol: string;
      tokenDecimals: number;
      /** @description present after confirmation */
      txHash: string | null;
      /** @description present after confirmation */
      payerAddress: string | null;
      currency: string | null;
      fiatAmount: number | null;
      tokenPrice: number | null;
      /** @description ISO 8601 date-time */
      createdAt: string;
      confirmedAt: string | null;
      /** @description ISO 8601 date-time */
      expiresAt: string;
      /** @description True when the money arrived after the payment had EXPIRED (the contract accepts it until its deadline); the payment then settled as PAID or INVALID */
      paidAfterExpiry: boolean;
      /** @description Why the payment is INVALID (every way its transaction disagreed with it, the amount paid included) or FAILED, or why a reorganisation made it CREATED again; null otherwise */
      statusReason: string | null;
      /** @description When a chain reorganisation last removed the transaction that had paid this payment (payment.reorged); the payment was CREATED again */
      reorgedAt: string | null;
      /** @description The transaction that reorganisation removed */
      reorgedTxHash: string | null;
    };
    MerchantPaymentRecordInput: {
      /** @description 0x-prefixed 32-byte hex */
      paymentId: string;
      orderId: string;
      /** @enum {string} */
      status: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
      /** @description Token amount in base units (wei) */
      amount: string;
      chainId: number;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      tokenSymbol: string;
      tokenDecimals: number;
      /** @description present after confirmation */
      txHash: string | null;
      /** @description present after confirmation */
      payerAddress: string | null;
      currency: string | null;
      fiatAmount: number | null;
      tokenPrice: number | null;
      /** @description ISO 8601 date-time */
      createdAt: string;
      confirmedAt: string | null;
      /** @description ISO 8601 date-time */
      expiresAt: string;
      /** @description True when the money arrived after the payment had EXPIRED (the contract accepts it until its deadline); the payment then settled as PAID or INVALID */
      paidAfterExpiry: boolean;
      /** @description Why the payment is INVALID (every way its transaction disagreed with it, the amount paid included) or FAILED, or why a reorganisation made it CREATED again; null otherwise */
      statusReason: string | null;
      /** @description When a chain reorganisation last removed the transaction that had paid this payment (payment.reorged); the payment was CREATED again */
      reorgedAt: string | null;
      /** @description The transaction that reorganisation removed */
      reorgedTxHash: string | null;
    };
    Payment: {
      /** @description bytes32 payment id, the paymentId of pay() */
      paymentId: string;
      orderId: string;
      /** @description EIP-155 chain id of the merchant's chain */
      chainId: number;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      tokenSymbol: string;
      tokenDecimals: number;
      tokenPermitSupported: boolean;
      isFaucetEnabled: boolean;
      /** @description EIP-55 checksummed address */
      gatewayAddress: string;
      /** @description null when gasless payment is unsupported */
      forwarderAddress: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      /** @description EIP-55 checksummed address */
      recipientAddress: string;
      /** @description 0x-prefixed 32-byte hex */
      merchantId: string;
      /** @description Unix seconds; deadline of the server signature, argument of pay() */
      deadline: string;
      successUrl: string;
      failUrl: string;
      /** @description ISO 8601 date-time */
      expiresAt: string;
      currency: string | null;
      fiatAmount: number | null;
      tokenPrice: number | null;
      /** @description EIP-712 PaymentRequest signature of the Kassa signer, argument of pay() */
      serverSignature: string;
      /** @enum {string} */
      status: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
      txHash: string | null;
      payerAddress: string | null;
      /** @description ISO 8601 date-time */
      createdAt: string;
      /** @description The merchant's display name, shown to the payer by the widget */
      merchantName: string;
    };
    PaymentInput: {
      /** @description bytes32 payment id, the paymentId of pay() */
      paymentId: string;
      orderId: string;
      /** @description EIP-155 chain id of the merchant's chain */
      chainId: number;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      tokenSymbol: string;
      tokenDecimals: number;
      tokenPermitSupported: boolean;
      isFaucetEnabled: boolean;
      /** @description EIP-55 checksummed address */
      gatewayAddress: string;
      /** @description null when gasless payment is unsupported */
      forwarderAddress: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      /** @description EIP-55 checksummed address */
      recipientAddress: string;
      /** @description 0x-prefixed 32-byte hex */
      merchantId: string;
      /** @description Unix seconds; deadline of the server signature, argument of pay() */
      deadline: string;
      successUrl: string;
      failUrl: string;
      /** @description ISO 8601 date-time */
      expiresAt: string;
      currency: string | null;
      fiatAmount: number | null;
      tokenPrice: number | null;
      /** @description EIP-712 PaymentRequest signature of the Kassa signer, argument of pay() */
      serverSignature: string;
      /** @enum {string} */
      status: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
      txHash: string | null;
      payerAddress: string | null;
      /** @description ISO 8601 date-time */
      createdAt: string;
      /** @description The merchant's display name, shown to the payer by the widget */
      merchantName: string;
    };
    PaymentMethod: {
      id: number;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      symbol: string;
      decimals: number;
      permit_supported: boolean;
      is_enabled: boolean;
      /** @description ISO 8601 date-time */
      created_at: string;
      /** @description ISO 8601 date-time */
      updated_at: string;
    };
    PaymentMethodInput: {
      id: number;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      symbol: string;
      decimals: number;
      permit_supported: boolean;
      is_enabled: boolean;
      /** @description ISO 8601 date-time */
      created_at: string;
      /** @description ISO 8601 date-time */
      updated_at: string;
    };
    Redelivery: {
      /** @description whd_ id of the new delivery */
      id: string;
      eventId: string;
      /** @constant */
      status: "PENDING";
    };
    RedeliveryInput: {
      /** @description whd_ id of the new delivery */
      id: string;
      eventId: string;
      /** @constant */
      status: "PENDING";
    };
    Refund: {
      /** @description rf_ refund id */
      id: string;
      paymentId: string;
      orderId: string;
      /**
       * @description REFUND_SUBMITTED until the refund transaction is confirmed; EXPIRED when its deadline passed unsent
       * @enum {string}
       */
      status: "REFUND_SUBMITTED" | "REFUNDED" | "EXPIRED";
      /** @description Base units (wei) sent back to the payer */
      amount: string;
      tokenAddress: string;
      payerAddress: string;
      reason: string | null;
      /** @description Unix seconds; the transaction must be mined by then */
      deadline: string;
      txHash: string | null;
      createdAt: string;
      refundedAt: string | null;
      /** @description What the merchant's recipient wallet must send, after approving the gateway for `amount` */
      transaction: {
        chainId: number;
        /** @description The payment gateway */
        to: string;
        /** @description Encoded PaymentGateway.refund(...) call */
        data: string;
        /** @constant */
        value: "0";
      };
      serverSignature: string;
    };
    RefundInput: {
      /** @description rf_ refund id */
      id: string;
      paymentId: string;
      orderId: string;
      /**
       * @description REFUND_SUBMITTED until the refund transaction is confirmed; EXPIRED when its deadline passed unsent
       * @enum {string}
       */
      status: "REFUND_SUBMITTED" | "REFUNDED" | "EXPIRED";
      /** @description Base units (wei) sent back to the payer */
      amount: string;
      tokenAddress: string;
      payerAddress: string;
      reason: string | null;
      /** @description Unix seconds; the transaction must be mined by then */
      deadline: string;
      txHash: string | null;
      createdAt: string;
      refundedAt: string | null;
      /** @description What the merchant's recipient wallet must send, after approving the gateway for `amount` */
      transaction: {
        chainId: number;
        /** @description The payment gateway */
        to: string;
        /** @description Encoded PaymentGateway.refund(...) call */
        data: string;
        /** @constant */
        value: "0";
      };
      serverSignature: string;
    };
    RelayRequest: {
      /** @enum {string} */
      status: "QUEUED" | "SUBMITTED" | "CONFIRMED" | "FAILED";
      /** @description Latest transaction hash; the mined one once CONFIRMED */
      transactionHash: string | null;
      errorMessage: string | null;
      createdAt: string;
      updatedAt: string;
    };
    RelayRequestInput: {
      /** @enum {string} */
      status: "QUEUED" | "SUBMITTED" | "CONFIRMED" | "FAILED";
      /** @description Latest transaction hash; the mined one once CONFIRMED */
      transactionHash: string | null;
      errorMessage: string | null;
      createdAt: string;
      updatedAt: string;
    };
    RotatedWebhookSecret: {
      /** @description The new whsec_ secret; shown once */
      webhookSecret: string;
    };
    RotatedWebhookSecretInput: {
      /** @description The new whsec_ secret; shown once */
      webhookSecret: string;
    };
    Token: {
      id: number;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      symbol: string;
      decimals: number;
      permit_supported: boolean;
      is_enabled: boolean;
    };
    TokenInput: {
      id: number;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      symbol: string;
      decimals: number;
      permit_supported: boolean;
      is_enabled: boolean;
    };
    TokenPrice: {
      /** @enum {string} */
      type: "current" | "hourly-average";
      /** @description EIP-155 chain id */
      chain_id: number;
      /** @description EIP-55 checksummed address */
      token_address: string;
      /** @description ISO 4217 code */
      currency: string;
      /** @description Price of one whole token in `currency` */
      price: number;
      symbol: string;
      /** @description current: when the price was sampled (ISO 8601) */
      updated_at?: string;
      /** @description current: where the price came from, e.g. `coingecko`, `chainlink+fx:static` */
      source?: string;
      /** @description hourly-average: start of the hour averaged (ISO 8601) */
      period_start?: string;
      /** @description hourly-average: end of the hour averaged, exclusive (ISO 8601) */
      period_end?: string;
      /** @description hourly-average: samples in the hour */
      sample_count?: number;
    };
    TokenPriceInput: {
      /** @enum {string} */
      type: "current" | "hourly-average";
      /** @description EIP-155 chain id */
      chain_id: number;
      /** @description EIP-55 checksummed address */
      token_address: string;
      /** @description ISO 4217 code */
      currency: string;
      /** @description Price of one whole token in `currency` */
      price: number;
      symbol: string;
      /** @description current: when the price was sampled (ISO 8601) */
      updated_at?: string;
      /** @description current: where the price came from, e.g. `coingecko`, `chainlink+fx:static` */
      source?: string;
      /** @description hourly-average: start of the hour averaged (ISO 8601) */
      period_start?: string;
      /** @description hourly-average: end of the hour averaged, exclusive (ISO 8601) */
      period_end?: string;
      /** @description hourly-average: samples in the hour */
      sample_count?: number;
    };
    WebhookDelivery: {
      /** @description whd_ delivery id */
      id: string;
      /** @description evt_ event id, the webhook-id header; the same on every retry and redelivery */
      eventId: string;
      eventType: string;
      paymentId: string | null;
      /** @enum {string} */
      status: "PENDING" | "SUCCEEDED" | "FAILED";
      attemptCount: number;
      nextAttemptAt: string | null;
      lastStatusCode: number | null;
      lastError: string | null;
      deliveredAt: string | null;
      createdAt: string;
      attempts: {
        attempt: number;
        url: string;
        statusCode: number | null;
        durationMs: number;
        error: string | null;
        createdAt: string;
      }[];
    };
    WebhookDeliveryInput: {
      /** @description whd_ delivery id */
      id: string;
      /** @description evt_ event id, the webhook-id header; the same on every retry and redelivery */
      eventId: string;
      eventType: string;
      paymentId: string | null;
      /** @enum {string} */
      status: "PENDING" | "SUCCEEDED" | "FAILED";
      attemptCount: number;
      nextAttemptAt: string | null;
      lastStatusCode: number | null;
      lastError: string | null;
      deliveredAt: string | null;
      createdAt: string;
      attempts: {
        attempt: number;
        url: string;
        statusCode: number | null;
        durationMs: number;
        error: string | null;
        createdAt: string;
      }[];
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;

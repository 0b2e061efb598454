/**
 * GENERATED FILE, DO NOT EDIT.
 * Types of Kassa's HTTP API, made by openapi-typescript from the OpenAPI document the server serves at
 * /api/v1/openapi.json (docs/openapi.json). Regenerate with `npm run generate:sdk` after changing a
 * route or a schema.
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
        /** @description Supported chains */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "chains": [
             *           {
             *             "id": 1,
             *             "network_id": 8453,
             *             "name": "Base",
             *             "is_testnet": false
             *           }
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                chains: components["schemas"]["Chain"][];
              };
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
        /** @description Chains with their enabled tokens */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "chains": [
             *           {
             *             "id": 1,
             *             "network_id": 8453,
             *             "name": "Base",
             *             "is_testnet": false,
             *             "tokens": [
             *               {
             *                 "id": 1,
             *                 "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *                 "symbol": "USDC",
             *                 "decimals": 6,
             *                 "permit_supported": true,
             *                 "is_enabled": true
             *               }
             *             ]
             *           }
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                chains: components["schemas"]["ChainWithTokens"][];
              };
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
        /** @description Kassa and its database answer */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "status": "ok",
             *       "timestamp": "2026-11-23T06:00:00.000Z"
             *     }
             */
            "application/json": {
              /** @enum {string} */
              status: "ok";
              timestamp: string;
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
        /** @description Payment created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *         "orderId": "order-10482",
             *         "chainId": 8453,
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "tokenDecimals": 6,
             *         "tokenPermitSupported": true,
             *         "isFaucetEnabled": true,
             *         "gatewayAddress": "0xff89e1cF989dD683d61dc611F667f876bd8e3bc5",
             *         "forwarderAddress": "0xe2F8B2DF52D82224D4b309CA60018294767ABe24",
             *         "amount": "25000000",
             *         "recipientAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
             *         "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
             *         "deadline": "1795426200",
             *         "successUrl": "https://shop.acme-coffee.example/orders/10482/paid",
             *         "failUrl": "https://shop.acme-coffee.example/orders/10482",
             *         "expiresAt": "2026-11-23T06:10:00.000Z",
             *         "currency": "KRW",
             *         "fiatAmount": 35000,
             *         "tokenPrice": 1400,
             *         "serverSignature": "0x3f1c2a8e5b7d4c6f9a0b1e2d3c4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b1c",
             *         "depositAddress": "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B",
             *         "transferAmount": "25",
             *         "transferUri": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B&uint256=25000000",
             *         "transferExpiresAt": "2026-11-23T07:05:00.000Z",
             *         "depositMinimumAmount": "25000000",
             *         "amountReceived": "0",
             *         "overpaidAmount": "0",
             *         "paidVia": null,
             *         "sweptAt": null,
             *         "sweepTransactionHash": null,
             *         "fundsAtRecipient": false
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["CreatedPayment"];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST, UNSUPPORTED_CHAIN, CHAIN_NOT_CONFIGURED, RECIPIENT_NOT_CONFIGURED, CHAIN_MISMATCH, UNSUPPORTED_TOKEN, TOKEN_NOT_ENABLED, PRICE_SERVICE_NOT_CONFIGURED, INVALID_CURRENCY */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code:
                | "VALIDATION_ERROR"
                | "INVALID_REQUEST"
                | "UNSUPPORTED_CHAIN"
                | "CHAIN_NOT_CONFIGURED"
                | "RECIPIENT_NOT_CONFIGURED"
                | "CHAIN_MISMATCH"
                | "UNSUPPORTED_TOKEN"
                | "TOKEN_NOT_ENABLED"
                | "PRICE_SERVICE_NOT_CONFIGURED"
                | "INVALID_CURRENCY";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: TOKEN_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "TOKEN_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Conflict with the current state: DUPLICATE_ORDER */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "DUPLICATE_ORDER";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: SIGNING_SERVICE_ERROR, INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "SIGNING_SERVICE_ERROR" | "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
          /**
           * @description paymentId
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The payment with its current status */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *         "orderId": "order-10482",
             *         "chainId": 8453,
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "tokenDecimals": 6,
             *         "tokenPermitSupported": true,
             *         "isFaucetEnabled": true,
             *         "gatewayAddress": "0xff89e1cF989dD683d61dc611F667f876bd8e3bc5",
             *         "forwarderAddress": "0xe2F8B2DF52D82224D4b309CA60018294767ABe24",
             *         "amount": "25000000",
             *         "recipientAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
             *         "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
             *         "deadline": "1795426200",
             *         "successUrl": "https://shop.acme-coffee.example/orders/10482/paid",
             *         "failUrl": "https://shop.acme-coffee.example/orders/10482",
             *         "expiresAt": "2026-11-23T06:10:00.000Z",
             *         "currency": "KRW",
             *         "fiatAmount": 35000,
             *         "tokenPrice": 1400,
             *         "serverSignature": "0x3f1c2a8e5b7d4c6f9a0b1e2d3c4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b1c",
             *         "depositAddress": "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B",
             *         "transferAmount": "25",
             *         "transferUri": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B&uint256=25000000",
             *         "transferExpiresAt": "2026-11-23T07:05:00.000Z",
             *         "depositMinimumAmount": "25000000",
             *         "amountReceived": "0",
             *         "overpaidAmount": "0",
             *         "paidVia": "contract",
             *         "sweptAt": null,
             *         "sweepTransactionHash": null,
             *         "fundsAtRecipient": true,
             *         "status": "PAID",
             *         "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *         "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *         "createdAt": "2026-11-23T06:05:00.000Z",
             *         "merchantName": "Acme Coffee",
             *         "seenTxHash": null
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["Payment"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_NOT_FOUND, NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_NOT_FOUND" | "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
  "/api/v1/payments/{id}/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Follow a payment's status (server-sent events)
     * @description A `text/event-stream` for the payer's page, instead of polling GET /payments/:id: an `event: status` whose `data` is the payment (the `data` of GET /payments/:id) at once, then one at each status change; the stream ends after the event that leaves CREATED (the payer's wait is over), or after 15 minutes. A comment line (`: keep-alive`) every 15 s. At most 20 open streams per client (an IPv4 address, or an IPv6 /64), and at most STATUS_STREAMS_MAX in each API process (429 RATE_LIMITED: poll instead). Counts as one request against the rate limit, however long it stays open.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /**
           * @description paymentId
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
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
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_NOT_FOUND, NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_NOT_FOUND" | "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
        /** @description The merchant, its payment methods and its chain's tokens */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "merchant": {
             *           "id": 7,
             *           "merchant_key": "acme-coffee",
             *           "merchant_id": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
             *           "name": "Acme Coffee",
             *           "chain_id": 1,
             *           "chain": {
             *             "id": 1,
             *             "network_id": 8453,
             *             "name": "Base",
             *             "is_testnet": false
             *           },
             *           "recipient_address": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
             *           "webhook_url": "https://shop.acme-coffee.example/webhooks/kassa",
             *           "public_key": "pk_live_5f8a2c9e1b7d4f6a3c0e8b2d",
             *           "faucet_enabled": true,
             *           "is_enabled": true,
             *           "created_at": "2026-11-02T09:12:41.000Z",
             *           "updated_at": "2026-11-02T09:14:03.000Z",
             *           "payment_methods": [
             *             {
             *               "id": 1,
             *               "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *               "symbol": "USDC",
             *               "decimals": 6,
             *               "permit_supported": true,
             *               "is_enabled": true,
             *               "created_at": "2026-11-02T09:14:03.000Z",
             *               "updated_at": "2026-11-02T09:14:03.000Z"
             *             }
             *           ]
             *         },
             *         "chainTokens": [
             *           {
             *             "id": 1,
             *             "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *             "symbol": "USDC",
             *             "decimals": 6,
             *             "permit_supported": true,
             *             "is_enabled": true
             *           }
             *         ]
             *       }
             *     }
             */
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
        /** @description Invalid request: INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
    /**
     * Set the merchant's webhook URL
     * @description An https URL (http too for localhost and private addresses when the operator sets WEBHOOK_ALLOW_PRIVATE), or null to stop webhooks. Answers what GET /merchant answers.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description Where Kassa POSTs the webhooks: an https URL (http too for localhost and private addresses when the operator allows them with WEBHOOK_ALLOW_PRIVATE), or null to stop them */
            webhook_url: string | null;
          };
        };
      };
      responses: {
        /** @description The merchant, as GET /merchant answers */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "merchant": {
             *           "id": 7,
             *           "merchant_key": "acme-coffee",
             *           "merchant_id": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
             *           "name": "Acme Coffee",
             *           "chain_id": 1,
             *           "chain": {
             *             "id": 1,
             *             "network_id": 8453,
             *             "name": "Base",
             *             "is_testnet": false
             *           },
             *           "recipient_address": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
             *           "webhook_url": "https://shop.acme-coffee.example/webhooks/kassa",
             *           "public_key": "pk_live_5f8a2c9e1b7d4f6a3c0e8b2d",
             *           "faucet_enabled": true,
             *           "is_enabled": true,
             *           "created_at": "2026-11-02T09:12:41.000Z",
             *           "updated_at": "2026-11-02T09:14:03.000Z",
             *           "payment_methods": [
             *             {
             *               "id": 1,
             *               "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *               "symbol": "USDC",
             *               "decimals": 6,
             *               "permit_supported": true,
             *               "is_enabled": true,
             *               "created_at": "2026-11-02T09:14:03.000Z",
             *               "updated_at": "2026-11-02T09:14:03.000Z"
             *             }
             *           ]
             *         },
             *         "chainTokens": [
             *           {
             *             "id": 1,
             *             "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *             "symbol": "USDC",
             *             "decimals": 6,
             *             "permit_supported": true,
             *             "is_enabled": true
             *           }
             *         ]
             *       }
             *     }
             */
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
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
      };
    };
    trace?: never;
  };
  "/api/v1/merchants/me/keys/rotate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue a new public or secret key
     * @description The new key is shown once; the old one stops at once, and so do the merchant's dashboard sessions but the one that asks. A secret key a dashboard session issues ends when that session's wallet may no longer sign in.
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
            /**
             * @description public: the pk_ key of the widget; secret: the sk_ API key of the merchant's server
             * @enum {string}
             */
            key: "public" | "secret";
          };
        };
      };
      responses: {
        /** @description The new key ({ publicKey } or { apiKey }); the old one stops */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "publicKey": "pk_Xq3vR8m2Lk9pT4wYc7nB1sD6fG0hJ5aE"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["RotatedKey"];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
        /** @description The merchant's payment methods */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "payment_methods": [
             *           {
             *             "id": 1,
             *             "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *             "symbol": "USDC",
             *             "decimals": 6,
             *             "permit_supported": true,
             *             "is_enabled": true,
             *             "created_at": "2026-11-02T09:14:03.000Z",
             *             "updated_at": "2026-11-02T09:14:03.000Z"
             *           }
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                payment_methods: components["schemas"]["PaymentMethod"][];
              };
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
        /** @description Payment method added */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": 1,
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "symbol": "USDC",
             *         "decimals": 6,
             *         "permit_supported": true,
             *         "is_enabled": true,
             *         "created_at": "2026-11-02T09:14:03.000Z",
             *         "updated_at": "2026-11-02T09:14:03.000Z"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["PaymentMethod"];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, CHAIN_NOT_CONFIGURED, CHAIN_MISMATCH, UNSUPPORTED_TOKEN, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code:
                | "VALIDATION_ERROR"
                | "CHAIN_NOT_CONFIGURED"
                | "CHAIN_MISMATCH"
                | "UNSUPPORTED_TOKEN"
                | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: TOKEN_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "TOKEN_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Conflict with the current state: PAYMENT_METHOD_EXISTS */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_METHOD_EXISTS";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
          /** @example 1 */
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
        /** @description Payment method updated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": 1,
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "symbol": "USDC",
             *         "decimals": 6,
             *         "permit_supported": true,
             *         "is_enabled": true,
             *         "created_at": "2026-11-02T09:14:03.000Z",
             *         "updated_at": "2026-11-02T09:14:03.000Z"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["PaymentMethod"];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
      };
    };
    trace?: never;
  };
  "/api/v1/merchants/me/payments/totals": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Count and add up the merchant's payments, per token
     * @description Over `from` to `to` (default: the last 30 days; at most 366 days), with the filters of GET /merchants/me/payments. gross, fee and net are exact base-unit sums over the paid payments (PAID, REFUND_SUBMITTED, REFUNDED); net = gross - fee.
     */
    get: {
      parameters: {
        query?: {
          /**
           * @description Only payments in this status
           * @example PAID
           */
          status?: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
          /**
           * @description An order id, payment id, transaction hash or payer address, matched exactly (hex in any case)
           * @example order-10482
           */
          q?: string;
          /**
           * @description Only payments in this token
           * @example 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913
           */
          tokenAddress?: string;
          /**
           * @description Created at or after this time (ISO 8601)
           * @example 2026-11-01T00:00:00.000Z
           */
          from?: string;
          /**
           * @description Created before this time (ISO 8601)
           * @example 2026-12-01T00:00:00.000Z
           */
          to?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The totals, per token */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "count": 42,
             *         "byToken": [
             *           {
             *             "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *             "tokenSymbol": "USDC",
             *             "tokenDecimals": 6,
             *             "count": 42,
             *             "paidCount": 38,
             *             "gross": "950000000",
             *             "fee": "9500000",
             *             "net": "940500000"
             *           }
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["PaymentTotals"];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
  "/api/v1/merchants/me/payments/{id}/timeline": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What happened to a payment: status changes, amounts, relay, refunds */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /**
           * @description paymentId
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The payment's timeline */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *         "status": "PAID",
             *         "amounts": {
             *           "gross": "25000000",
             *           "fee": "250000",
             *           "net": "24750000",
             *           "tokenSymbol": "USDC",
             *           "tokenDecimals": 6
             *         },
             *         "events": [
             *           {
             *             "type": "payment.created",
             *             "status": "CREATED",
             *             "at": "2026-11-23T06:05:00.000Z",
             *             "txHash": null
             *           },
             *           {
             *             "type": "payment.paid",
             *             "status": "PAID",
             *             "at": "2026-11-23T06:06:12.000Z",
             *             "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e"
             *           }
             *         ],
             *         "relay": {
             *           "status": "CONFIRMED",
             *           "transactionHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *           "errorMessage": null,
             *           "createdAt": "2026-11-23T06:05:40.000Z",
             *           "updatedAt": "2026-11-23T06:06:12.000Z"
             *         },
             *         "refunds": []
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["PaymentTimeline"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
  "/api/v1/merchants/me/payments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Find a payment by orderId, or list payments
     * @description With orderId: that order's payment record. Without: the merchant's payments, newest first, paginated with limit and starting_after, optionally searched (q) and filtered by status, token and creation time.
     */
    get: {
      parameters: {
        query?: {
          /**
           * @description Page size, 1 to 100
           * @example 20
           */
          limit?: number;
          /**
           * @description paymentId of the last item of the previous page
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          starting_after?: string;
          /**
           * @description Only payments in this status
           * @example PAID
           */
          status?: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
          /**
           * @description An order id, payment id, transaction hash or payer address, matched exactly (hex in any case)
           * @example order-10482
           */
          q?: string;
          /**
           * @description Only payments in this token
           * @example 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913
           */
          tokenAddress?: string;
          /**
           * @description Created at or after this time (ISO 8601)
           * @example 2026-11-01T00:00:00.000Z
           */
          from?: string;
          /**
           * @description Created before this time (ISO 8601)
           * @example 2026-12-01T00:00:00.000Z
           */
          to?: string;
          /**
           * @description When given, the response is that order's one payment record (404 PAYMENT_NOT_FOUND if none)
           * @example order-10482
           */
          orderId?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description With orderId: that payment; otherwise a page of payments, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *         "orderId": "order-10482",
             *         "status": "PAID",
             *         "amount": "25000000",
             *         "chainId": 8453,
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "tokenDecimals": 6,
             *         "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *         "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *         "recipientAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
             *         "currency": "KRW",
             *         "fiatAmount": 35000,
             *         "tokenPrice": 1400,
             *         "createdAt": "2026-11-23T06:05:00.000Z",
             *         "confirmedAt": "2026-11-23T06:06:12.000Z",
             *         "expiresAt": "2026-11-23T06:10:00.000Z",
             *         "reorgedAt": null,
             *         "reorgedTxHash": null,
             *         "paidAfterExpiry": false,
             *         "statusReason": null,
             *         "seenTxHash": null,
             *         "paymentLinkId": null,
             *         "refundedAmount": "0",
             *         "depositAddress": "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B",
             *         "transferAmount": "25",
             *         "transferUri": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B&uint256=25000000",
             *         "transferExpiresAt": "2026-11-23T07:05:00.000Z",
             *         "depositMinimumAmount": "25000000",
             *         "amountReceived": "0",
             *         "overpaidAmount": "0",
             *         "paidVia": "contract",
             *         "sweptAt": null,
             *         "sweepTransactionHash": null,
             *         "fundsAtRecipient": true
             *       }
             *     }
             */
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
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
          /**
           * @description paymentId
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The payment record */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *         "orderId": "order-10482",
             *         "status": "PAID",
             *         "amount": "25000000",
             *         "chainId": 8453,
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "tokenDecimals": 6,
             *         "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *         "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *         "recipientAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
             *         "currency": "KRW",
             *         "fiatAmount": 35000,
             *         "tokenPrice": 1400,
             *         "createdAt": "2026-11-23T06:05:00.000Z",
             *         "confirmedAt": "2026-11-23T06:06:12.000Z",
             *         "expiresAt": "2026-11-23T06:10:00.000Z",
             *         "reorgedAt": null,
             *         "reorgedTxHash": null,
             *         "paidAfterExpiry": false,
             *         "statusReason": null,
             *         "seenTxHash": null,
             *         "paymentLinkId": null,
             *         "refundedAmount": "0",
             *         "depositAddress": "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B",
             *         "transferAmount": "25",
             *         "transferUri": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B&uint256=25000000",
             *         "transferExpiresAt": "2026-11-23T07:05:00.000Z",
             *         "depositMinimumAmount": "25000000",
             *         "amountReceived": "0",
             *         "overpaidAmount": "0",
             *         "paidVia": "contract",
             *         "sweptAt": null,
             *         "sweepTransactionHash": null,
             *         "fundsAtRecipient": true
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["MerchantPaymentRecord"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
     * @description With orderId: that order's payment record. Without: the merchant's payments, newest first, paginated with limit and starting_after, optionally searched (q) and filtered by status, token and creation time.
     */
    get: {
      parameters: {
        query?: {
          /**
           * @description Page size, 1 to 100
           * @example 20
           */
          limit?: number;
          /**
           * @description paymentId of the last item of the previous page
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          starting_after?: string;
          /**
           * @description Only payments in this status
           * @example PAID
           */
          status?: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
          /**
           * @description An order id, payment id, transaction hash or payer address, matched exactly (hex in any case)
           * @example order-10482
           */
          q?: string;
          /**
           * @description Only payments in this token
           * @example 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913
           */
          tokenAddress?: string;
          /**
           * @description Created at or after this time (ISO 8601)
           * @example 2026-11-01T00:00:00.000Z
           */
          from?: string;
          /**
           * @description Created before this time (ISO 8601)
           * @example 2026-12-01T00:00:00.000Z
           */
          to?: string;
          /**
           * @description When given, the response is that order's one payment record (404 PAYMENT_NOT_FOUND if none)
           * @example order-10482
           */
          orderId?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description With orderId: that payment; otherwise a page of payments, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *         "orderId": "order-10482",
             *         "status": "PAID",
             *         "amount": "25000000",
             *         "chainId": 8453,
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "tokenDecimals": 6,
             *         "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *         "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *         "recipientAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
             *         "currency": "KRW",
             *         "fiatAmount": 35000,
             *         "tokenPrice": 1400,
             *         "createdAt": "2026-11-23T06:05:00.000Z",
             *         "confirmedAt": "2026-11-23T06:06:12.000Z",
             *         "expiresAt": "2026-11-23T06:10:00.000Z",
             *         "reorgedAt": null,
             *         "reorgedTxHash": null,
             *         "paidAfterExpiry": false,
             *         "statusReason": null,
             *         "seenTxHash": null,
             *         "paymentLinkId": null,
             *         "refundedAmount": "0",
             *         "depositAddress": "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B",
             *         "transferAmount": "25",
             *         "transferUri": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B&uint256=25000000",
             *         "transferExpiresAt": "2026-11-23T07:05:00.000Z",
             *         "depositMinimumAmount": "25000000",
             *         "amountReceived": "0",
             *         "overpaidAmount": "0",
             *         "paidVia": "contract",
             *         "sweptAt": null,
             *         "sweepTransactionHash": null,
             *         "fundsAtRecipient": true
             *       }
             *     }
             */
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
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
          /**
           * @description paymentId
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The payment record */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *         "orderId": "order-10482",
             *         "status": "PAID",
             *         "amount": "25000000",
             *         "chainId": 8453,
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "tokenDecimals": 6,
             *         "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *         "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *         "recipientAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
             *         "currency": "KRW",
             *         "fiatAmount": 35000,
             *         "tokenPrice": 1400,
             *         "createdAt": "2026-11-23T06:05:00.000Z",
             *         "confirmedAt": "2026-11-23T06:06:12.000Z",
             *         "expiresAt": "2026-11-23T06:10:00.000Z",
             *         "reorgedAt": null,
             *         "reorgedTxHash": null,
             *         "paidAfterExpiry": false,
             *         "statusReason": null,
             *         "seenTxHash": null,
             *         "paymentLinkId": null,
             *         "refundedAmount": "0",
             *         "depositAddress": "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B",
             *         "transferAmount": "25",
             *         "transferUri": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B&uint256=25000000",
             *         "transferExpiresAt": "2026-11-23T07:05:00.000Z",
             *         "depositMinimumAmount": "25000000",
             *         "amountReceived": "0",
             *         "overpaidAmount": "0",
             *         "paidVia": "contract",
             *         "sweptAt": null,
             *         "sweepTransactionHash": null,
             *         "fundsAtRecipient": true
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["MerchantPaymentRecord"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
          /**
           * @description EIP-155 chain id
           * @example 8453
           */
          chainId: string;
          /**
           * @description ERC-20 token address
           * @example 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913
           */
          tokenAddress: string;
          /**
           * @description `current` (default) or `hourly-average`
           * @example hourly-average
           */
          type?: "current" | "hourly-average";
          /**
           * @description ISO 4217 fiat code, default USD
           * @example USD
           */
          currency?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The token's price */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "type": "hourly-average",
             *         "chain_id": 8453,
             *         "token_address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "currency": "USD",
             *         "price": 0.9998,
             *         "symbol": "USDC",
             *         "period_start": "2026-11-23T05:00:00.000Z",
             *         "period_end": "2026-11-23T06:00:00.000Z",
             *         "sample_count": 60
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["TokenPrice"];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_CURRENCY, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_CURRENCY" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: TOKEN_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "TOKEN_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
          /**
           * @description Page size, 1 to 100
           * @example 20
           */
          limit?: number;
          /**
           * @description id of the last refund of the previous page
           * @example rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a
           */
          starting_after?: string;
          /**
           * @description Only refunds of this payment
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          paymentId?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of refunds, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "refunds": [
             *           {
             *             "id": "rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a",
             *             "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *             "orderId": "order-10482",
             *             "status": "REFUND_SUBMITTED",
             *             "amount": "25000000",
             *             "chainRefundId": "0x5d0e3b7c9a1f4e2d8b6c0a9f7e5d3c1b2a4f6e8d0c9b7a5e00000000000004d3",
             *             "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *             "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *             "reason": "Customer cancelled the order",
             *             "deadline": "1795430400",
             *             "txHash": null,
             *             "senderAddress": null,
             *             "sentByRecipient": null,
             *             "createdAt": "2026-11-23T07:20:00.000Z",
             *             "refundedAt": null,
             *             "transaction": {
             *               "chainId": 8453,
             *               "to": "0xff89e1cF989dD683d61dc611F667f876bd8e3bc5",
             *               "data": "0x2f1a0b8c",
             *               "value": "0"
             *             },
             *             "serverSignature": "0x3f1c2a8e5b7d4c6f9a0b1e2d3c4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b1c"
             *           }
             *         ],
             *         "has_more": false
             *       }
             *     }
             */
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
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    /**
     * Start a refund of a PAID payment
     * @description Moves the payment to REFUND_SUBMITTED and returns the transaction the merchant's recipient wallet must send (after approving the gateway for `amount`) before `deadline`. The payment becomes REFUNDED when the transaction is confirmed (payment.refunded webhook), or PAID again if it is not sent in time. From the dashboard (a session in place of the API key), the signed-in wallet will send it: Kassa first checks on the chain that it is the payment's recipient (else FORBIDDEN), holds `amount` and the fees' coin (else INSUFFICIENT_TOKEN_BALANCE) and may approve the gateway (else FORBIDDEN), and records nothing when it cannot.
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
            /** @description Base units to send back; default (and at most) what is left to refund: the paid amount, fee included, less earlier refunds */
            amount?: string;
            reason?: string;
          };
        };
      };
      responses: {
        /** @description Refund started: send `transaction` before `deadline` */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": "rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a",
             *         "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *         "orderId": "order-10482",
             *         "status": "REFUND_SUBMITTED",
             *         "amount": "25000000",
             *         "chainRefundId": "0x5d0e3b7c9a1f4e2d8b6c0a9f7e5d3c1b2a4f6e8d0c9b7a5e00000000000004d3",
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *         "reason": "Customer cancelled the order",
             *         "deadline": "1795430400",
             *         "txHash": null,
             *         "senderAddress": null,
             *         "sentByRecipient": null,
             *         "createdAt": "2026-11-23T07:20:00.000Z",
             *         "refundedAt": null,
             *         "transaction": {
             *           "chainId": 8453,
             *           "to": "0xff89e1cF989dD683d61dc611F667f876bd8e3bc5",
             *           "data": "0x2f1a0b8c",
             *           "value": "0"
             *         },
             *         "serverSignature": "0x3f1c2a8e5b7d4c6f9a0b1e2d3c4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b1c"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["Refund"];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, PAYMENT_NOT_PAID, INSUFFICIENT_TOKEN_BALANCE, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code:
                "VALIDATION_ERROR" | "PAYMENT_NOT_PAID" | "INSUFFICIENT_TOKEN_BALANCE" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Conflict with the current state: PAYMENT_ALREADY_REFUNDED, REFUND_IN_PROGRESS, CONFLICT */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_ALREADY_REFUNDED" | "REFUND_IN_PROGRESS" | "CONFLICT";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: SIGNING_SERVICE_ERROR, CHAIN_CONFIG_ERROR, INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "SIGNING_SERVICE_ERROR" | "CHAIN_CONFIG_ERROR" | "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
          /**
           * @description rf_ refund id
           * @example rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The refund */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": "rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a",
             *         "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *         "orderId": "order-10482",
             *         "status": "REFUND_SUBMITTED",
             *         "amount": "25000000",
             *         "chainRefundId": "0x5d0e3b7c9a1f4e2d8b6c0a9f7e5d3c1b2a4f6e8d0c9b7a5e00000000000004d3",
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *         "reason": "Customer cancelled the order",
             *         "deadline": "1795430400",
             *         "txHash": null,
             *         "senderAddress": null,
             *         "sentByRecipient": null,
             *         "createdAt": "2026-11-23T07:20:00.000Z",
             *         "refundedAt": null,
             *         "transaction": {
             *           "chainId": 8453,
             *           "to": "0xff89e1cF989dD683d61dc611F667f876bd8e3bc5",
             *           "data": "0x2f1a0b8c",
             *           "value": "0"
             *         },
             *         "serverSignature": "0x3f1c2a8e5b7d4c6f9a0b1e2d3c4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b1c"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["Refund"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: REFUND_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "REFUND_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
          /**
           * @description Page size, 1 to 100
           * @example 20
           */
          limit?: number;
          /**
           * @description id of the last delivery of the previous page
           * @example whd_7c1e5a9d3b2f4e6c8a0d2b4f6e8c1a3d
           */
          starting_after?: string;
          /**
           * @description Only deliveries of this payment's events
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          paymentId?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of webhook deliveries, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "deliveries": [
             *           {
             *             "id": "whd_7c1e5a9d3b2f4e6c8a0d2b4f6e8c1a3d",
             *             "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
             *             "eventType": "payment.paid",
             *             "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *             "status": "SUCCEEDED",
             *             "attemptCount": 1,
             *             "nextAttemptAt": null,
             *             "lastStatusCode": 200,
             *             "lastError": null,
             *             "deliveredAt": "2026-11-23T06:06:12.140Z",
             *             "createdAt": "2026-11-23T06:06:12.000Z",
             *             "attempts": [
             *               {
             *                 "attempt": 1,
             *                 "url": "https://shop.acme-coffee.example/webhooks/kassa",
             *                 "statusCode": 200,
             *                 "durationMs": 138,
             *                 "error": null,
             *                 "createdAt": "2026-11-23T06:06:12.002Z"
             *               }
             *             ]
             *           }
             *         ],
             *         "has_more": false
             *       }
             *     }
             */
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
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
          /**
           * @description whd_ delivery id
           * @example whd_7c1e5a9d3b2f4e6c8a0d2b4f6e8c1a3d
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Redelivery queued */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": "whd_0a2c4e6f8b1d3f5a7c9e1b3d5f7a9c2e",
             *         "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
             *         "status": "PENDING"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["Redelivery"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
  "/api/v1/merchants/me/webhook-test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a signed webhook.test event to the webhook URL
     * @description A new event and delivery, sent, logged and retried like any other, so it shows in the delivery log.
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
        /** @description Test delivery queued */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": "whd_0a2c4e6f8b1d3f5a7c9e1b3d5f7a9c2e",
             *         "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
             *         "status": "PENDING"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["Redelivery"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
        /** @description New webhook secret; the old one stops working */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "webhookSecret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["RotatedWebhookSecret"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
  "/api/v1/exports/payments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export payments and refunds over a time or block range (CSV or JSON)
     * @description Every settled payment (money in) and completed refund (money out) of the range, oldest first, streamed as a download. CSV (default) has a header row; json is the usual `{ success, data }` with `data` the rows. For any range, gross = fee + net on every payment row, and the sums match the token's Transfer logs to the merchant's wallet and to the treasury. A failure after the first byte cuts the connection: a download that ends without error is complete.
     */
    get: {
      parameters: {
        query?: {
          /**
           * @description csv (default) or json
           * @example csv
           */
          format?: "csv" | "json";
          /**
           * @description Movements at or after this time (ISO 8601); with `to`
           * @example 2026-11-01T00:00:00.000Z
           */
          from?: string;
          /**
           * @description Movements before this time (ISO 8601); with `from`
           * @example 2026-12-01T00:00:00.000Z
           */
          to?: string;
          /**
           * @description The chain of a block range
           * @example 8453
           */
          chainId?: string;
          /**
           * @description First block of the range, with `chainId` and `toBlock`
           * @example 18000000
           */
          fromBlock?: string;
          /**
           * @description Last block of the range (included)
           * @example 18000500
           */
          toBlock?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The rows: text/csv (format=csv, with a header row) or JSON (format=json) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/csv": string;
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["ExportRow"][];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
  "/api/v1/payment-links": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payment links
     * @description Newest first, paginated with limit and starting_after.
     */
    get: {
      parameters: {
        query?: {
          /**
           * @description Page size, 1 to 100
           * @example 20
           */
          limit?: number;
          /**
           * @description id of the last link of the previous page
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          starting_after?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of payment links, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "links": [
             *           {
             *             "id": "pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
             *             "url": "https://pay.acme-coffee.example/pay/pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
             *             "title": "Espresso beans, 1 kg",
             *             "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *             "tokenSymbol": "USDC",
             *             "amount": "35000",
             *             "currency": "KRW",
             *             "minAmount": null,
             *             "maxAmount": null,
             *             "successUrl": "https://shop.acme-coffee.example/thanks",
             *             "failUrl": "service:none",
             *             "expiresAt": null,
             *             "maxUses": 100,
             *             "uses": 12,
             *             "reserved": 2,
             *             "active": true,
             *             "available": true,
             *             "createdAt": "2026-11-23T06:00:00.000Z",
             *             "updatedAt": "2026-11-23T06:00:00.000Z"
             *           }
             *         ],
             *         "has_more": false
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["PaymentLinkPage"];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    /**
     * Create a payment link
     * @description A hosted page (`url`) where each payer pays a payment of their own: a fixed `amount` of `tokenAddress` (or of `currency`, converted when the payer starts), or an amount the payer types between `minAmount` and `maxAmount`.
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
            /** @description What the payer pays for, shown on the page */
            title: string;
            /** @description ERC-20 token, whitelisted on the merchant's chain and enabled for the merchant */
            tokenAddress: string;
            /** @description A fixed amount (token units, or `currency` units); else give bounds */
            amount?: number;
            /** @description Fiat code (USD, KRW...): amount is then a fiat amount converted at the one-hour average price */
            currency?: string;
            /** @description An amount the payer types: at least this (token units) */
            minAmount?: number;
            /** @description An amount the payer types: at most this (token units) */
            maxAmount?: number;
            /** @description Redirect URL on success, or service:none */
            successUrl: string;
            /** @description Redirect URL on failure, or service:none */
            failUrl: string;
            /**
             * Format: date-time
             * @description No payments start after this time (ISO 8601)
             */
            expiresAt?: string;
            /** @description No payments start once this many were paid or are under way (a started payment holds a use until it expires) */
            maxUses?: number;
            /** @default true */
            active?: boolean;
          };
        };
      };
      responses: {
        /** @description The link; share `url` */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": "pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
             *         "url": "https://pay.acme-coffee.example/pay/pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
             *         "title": "Espresso beans, 1 kg",
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "amount": "35000",
             *         "currency": "KRW",
             *         "minAmount": null,
             *         "maxAmount": null,
             *         "successUrl": "https://shop.acme-coffee.example/thanks",
             *         "failUrl": "service:none",
             *         "expiresAt": null,
             *         "maxUses": 100,
             *         "uses": 12,
             *         "reserved": 2,
             *         "active": true,
             *         "available": true,
             *         "createdAt": "2026-11-23T06:00:00.000Z",
             *         "updatedAt": "2026-11-23T06:00:00.000Z"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["PaymentLink"];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, CHAIN_NOT_CONFIGURED, TOKEN_NOT_ENABLED, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "CHAIN_NOT_CONFIGURED" | "TOKEN_NOT_ENABLED" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: TOKEN_NOT_FOUND, NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "TOKEN_NOT_FOUND" | "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
  "/api/v1/payment-links/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A payment link */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /**
           * @description pl_ payment link id
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The link */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": "pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
             *         "url": "https://pay.acme-coffee.example/pay/pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
             *         "title": "Espresso beans, 1 kg",
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "amount": "35000",
             *         "currency": "KRW",
             *         "minAmount": null,
             *         "maxAmount": null,
             *         "successUrl": "https://shop.acme-coffee.example/thanks",
             *         "failUrl": "service:none",
             *         "expiresAt": null,
             *         "maxUses": 100,
             *         "uses": 12,
             *         "reserved": 2,
             *         "active": true,
             *         "available": true,
             *         "createdAt": "2026-11-23T06:00:00.000Z",
             *         "updatedAt": "2026-11-23T06:00:00.000Z"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["PaymentLink"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_LINK_NOT_FOUND, NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_LINK_NOT_FOUND" | "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
    /**
     * Change a payment link's title, redirects, expiry, use limit, or turn it off
     * @description A link's amount and token never change: create another link instead.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /**
           * @description pl_ payment link id
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            title?: string;
            /** @description false: the page takes no more payments, and those under way are withdrawn (they expire) */
            active?: boolean;
            expiresAt?: string | null;
            maxUses?: number | null;
            /** @description Redirect URL on success, or service:none */
            successUrl?: string;
            /** @description Redirect URL on failure, or service:none */
            failUrl?: string;
          };
        };
      };
      responses: {
        /** @description The changed link */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": "pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
             *         "url": "https://pay.acme-coffee.example/pay/pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
             *         "title": "Espresso beans, 1 kg",
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "amount": "35000",
             *         "currency": "KRW",
             *         "minAmount": null,
             *         "maxAmount": null,
             *         "successUrl": "https://shop.acme-coffee.example/thanks",
             *         "failUrl": "service:none",
             *         "expiresAt": null,
             *         "maxUses": 100,
             *         "uses": 12,
             *         "reserved": 2,
             *         "active": true,
             *         "available": true,
             *         "createdAt": "2026-11-23T06:00:00.000Z",
             *         "updatedAt": "2026-11-23T06:00:00.000Z"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["PaymentLink"];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_LINK_NOT_FOUND, NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_LINK_NOT_FOUND" | "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
      };
    };
    trace?: never;
  };
  "/api/v1/subscriptions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List subscriptions
     * @description Newest first, paginated with limit and starting_after; `status` filters.
     */
    get: {
      parameters: {
        query?: {
          /**
           * @description Page size, 1 to 100
           * @example 20
           */
          limit?: number;
          /**
           * @description id of the last subscription of the previous page
           * @example sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b
           */
          starting_after?: string;
          /** @example ACTIVE */
          status?: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of subscriptions, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "subscriptions": [
             *           {
             *             "id": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *             "subscriptionId": "0x9c1f6b2e4d8a0c3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c",
             *             "orderId": "plan-pro-7731",
             *             "description": "Acme Coffee Pro, monthly",
             *             "status": "ACTIVE",
             *             "url": "https://pay.acme-coffee.example/subscribe/sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *             "returnUrl": "https://acme-coffee.example/account",
             *             "chainId": 8453,
             *             "gatewayAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
             *             "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
             *             "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *             "tokenSymbol": "USDC",
             *             "tokenDecimals": 6,
             *             "amount": "10000000",
             *             "variableAmount": false,
             *             "currency": null,
             *             "fiatAmount": null,
             *             "periodSeconds": 2592000,
             *             "charges": 12,
             *             "startsAt": 1795737600,
             *             "recipientAddress": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
             *             "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
             *             "usePermit2": false,
             *             "digest": "0x3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c9c1f6b2e4d8a0c",
             *             "nextPeriod": 1,
             *             "nextChargeAt": "2026-12-26T06:00:00.000Z",
             *             "failedAttempts": 0,
             *             "retrySchedule": [
             *               3600,
             *               21600,
             *               86400,
             *               259200
             *             ],
             *             "onFailure": "PAST_DUE",
             *             "lastError": null,
             *             "canceledBy": null,
             *             "canceledAt": null,
             *             "createdAt": "2026-11-26T05:58:00.000Z",
             *             "chargesMade": [
             *               {
             *                 "period": 0,
             *                 "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *                 "status": "PAID",
             *                 "amount": "10000000",
             *                 "tokenPrice": null,
             *                 "txHash": "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
             *                 "paidAt": "2026-11-26T06:00:04.000Z"
             *               }
             *             ]
             *           }
             *         ],
             *         "has_more": false
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["SubscriptionPage"];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    /**
     * Create a subscription
     * @description A schedule (`amount` of `tokenAddress` every `periodSeconds`, `charges` times) for a payer to sign once on the hosted page (`url`) or through POST /public/subscriptions/{id}/authorize; Kassa then charges each period through the gateway, retrying a failed charge on `retrySchedule`.
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
            /** @description Merchant's id of the subscription, unique per merchant */
            orderId: string;
            /** @description What the payer subscribes to, shown on the page */
            description?: string;
            /** @description ERC-20 token, whitelisted on the merchant's chain and enabled for the merchant */
            tokenAddress: string;
            /** @description Charged each period, in token units (fee included), or in `currency` units for a fiat plan */
            amount: number;
            /** @description Fiat code (USD, KRW...): a fiat plan, `amount` its price per period, converted at each charge at the token's one-hour average price */
            currency?: string;
            /** @description A fiat plan's most per charge, in token units: the payer signs it; a charge the price would take above it is refused (a failed attempt, retried) */
            maxAmount?: number;
            /** @description Seconds between charges (e.g. 2592000 for 30 days) */
            periodSeconds: number;
            /** @description Number of charges */
            charges: number;
            /** @description Unix seconds at which the first charge opens; default: when the payer signs */
            startsAt?: number;
            /** @description Seconds after each failed charge before the next attempt; default 1 h, 6 h, 24 h, 72 h */
            retrySchedule?: number[];
            /**
             * @description What a charge that failed every retry leads to
             * @default PAST_DUE
             * @enum {string}
             */
            onFailure?: "PAST_DUE" | "CANCELED";
            /** @description Your page the subscribe page links back to once the payer subscribed */
            returnUrl?: string;
            /** @description The wallet the subscription is for: only it can sign the schedule. Without it, whoever holds the page's link signs it with their own wallet (the first signature wins) */
            payerAddress?: string;
          };
        };
      };
      responses: {
        /** @description The subscription, PENDING until the payer signs */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *         "subscriptionId": "0x9c1f6b2e4d8a0c3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c",
             *         "orderId": "plan-pro-7731",
             *         "description": "Acme Coffee Pro, monthly",
             *         "status": "ACTIVE",
             *         "url": "https://pay.acme-coffee.example/subscribe/sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *         "returnUrl": "https://acme-coffee.example/account",
             *         "chainId": 8453,
             *         "gatewayAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
             *         "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "tokenDecimals": 6,
             *         "amount": "10000000",
             *         "variableAmount": false,
             *         "currency": null,
             *         "fiatAmount": null,
             *         "periodSeconds": 2592000,
             *         "charges": 12,
             *         "startsAt": 1795737600,
             *         "recipientAddress": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
             *         "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
             *         "usePermit2": false,
             *         "digest": "0x3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c9c1f6b2e4d8a0c",
             *         "nextPeriod": 1,
             *         "nextChargeAt": "2026-12-26T06:00:00.000Z",
             *         "failedAttempts": 0,
             *         "retrySchedule": [
             *           3600,
             *           21600,
             *           86400,
             *           259200
             *         ],
             *         "onFailure": "PAST_DUE",
             *         "lastError": null,
             *         "canceledBy": null,
             *         "canceledAt": null,
             *         "createdAt": "2026-11-26T05:58:00.000Z",
             *         "chargesMade": [
             *           {
             *             "period": 0,
             *             "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *             "status": "PAID",
             *             "amount": "10000000",
             *             "tokenPrice": null,
             *             "txHash": "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
             *             "paidAt": "2026-11-26T06:00:04.000Z"
             *           }
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["Subscription"];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, CHAIN_NOT_CONFIGURED, UNSUPPORTED_CHAIN, RECIPIENT_NOT_CONFIGURED, CHAIN_MISMATCH, UNSUPPORTED_TOKEN, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code:
                | "VALIDATION_ERROR"
                | "CHAIN_NOT_CONFIGURED"
                | "UNSUPPORTED_CHAIN"
                | "RECIPIENT_NOT_CONFIGURED"
                | "CHAIN_MISMATCH"
                | "UNSUPPORTED_TOKEN"
                | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: TOKEN_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "TOKEN_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Conflict with the current state: DUPLICATE_ORDER */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "DUPLICATE_ORDER";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
  "/api/v1/subscriptions/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A subscription, with its charges */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /**
           * @description sub_ subscription id
           * @example sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The subscription */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *         "subscriptionId": "0x9c1f6b2e4d8a0c3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c",
             *         "orderId": "plan-pro-7731",
             *         "description": "Acme Coffee Pro, monthly",
             *         "status": "ACTIVE",
             *         "url": "https://pay.acme-coffee.example/subscribe/sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *         "returnUrl": "https://acme-coffee.example/account",
             *         "chainId": 8453,
             *         "gatewayAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
             *         "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "tokenDecimals": 6,
             *         "amount": "10000000",
             *         "variableAmount": false,
             *         "currency": null,
             *         "fiatAmount": null,
             *         "periodSeconds": 2592000,
             *         "charges": 12,
             *         "startsAt": 1795737600,
             *         "recipientAddress": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
             *         "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
             *         "usePermit2": false,
             *         "digest": "0x3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c9c1f6b2e4d8a0c",
             *         "nextPeriod": 1,
             *         "nextChargeAt": "2026-12-26T06:00:00.000Z",
             *         "failedAttempts": 0,
             *         "retrySchedule": [
             *           3600,
             *           21600,
             *           86400,
             *           259200
             *         ],
             *         "onFailure": "PAST_DUE",
             *         "lastError": null,
             *         "canceledBy": null,
             *         "canceledAt": null,
             *         "createdAt": "2026-11-26T05:58:00.000Z",
             *         "chargesMade": [
             *           {
             *             "period": 0,
             *             "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *             "status": "PAID",
             *             "amount": "10000000",
             *             "tokenPrice": null,
             *             "txHash": "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
             *             "paidAt": "2026-11-26T06:00:04.000Z"
             *           }
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["Subscription"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: SUBSCRIPTION_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "SUBSCRIPTION_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
  "/api/v1/subscriptions/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a subscription
     * @description No further charges are sent (a charge already under way still lands). `subscription.canceled` follows.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /**
           * @description sub_ subscription id
           * @example sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The canceled subscription */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *         "subscriptionId": "0x9c1f6b2e4d8a0c3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c",
             *         "orderId": "plan-pro-7731",
             *         "description": "Acme Coffee Pro, monthly",
             *         "status": "ACTIVE",
             *         "url": "https://pay.acme-coffee.example/subscribe/sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *         "returnUrl": "https://acme-coffee.example/account",
             *         "chainId": 8453,
             *         "gatewayAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
             *         "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "tokenDecimals": 6,
             *         "amount": "10000000",
             *         "variableAmount": false,
             *         "currency": null,
             *         "fiatAmount": null,
             *         "periodSeconds": 2592000,
             *         "charges": 12,
             *         "startsAt": 1795737600,
             *         "recipientAddress": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
             *         "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
             *         "usePermit2": false,
             *         "digest": "0x3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c9c1f6b2e4d8a0c",
             *         "nextPeriod": 1,
             *         "nextChargeAt": "2026-12-26T06:00:00.000Z",
             *         "failedAttempts": 0,
             *         "retrySchedule": [
             *           3600,
             *           21600,
             *           86400,
             *           259200
             *         ],
             *         "onFailure": "PAST_DUE",
             *         "lastError": null,
             *         "canceledBy": null,
             *         "canceledAt": null,
             *         "createdAt": "2026-11-26T05:58:00.000Z",
             *         "chargesMade": [
             *           {
             *             "period": 0,
             *             "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *             "status": "PAID",
             *             "amount": "10000000",
             *             "tokenPrice": null,
             *             "txHash": "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
             *             "paidAt": "2026-11-26T06:00:04.000Z"
             *           }
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["Subscription"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: SUBSCRIPTION_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "SUBSCRIPTION_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Conflict with the current state: INVALID_SUBSCRIPTION_STATUS */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_SUBSCRIPTION_STATUS";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
  "/api/v1/public/subscriptions/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A subscription's schedule, for the payer to sign
     * @description No key: whoever holds the link reads what the payer is asked to sign and who asks, never the merchant's bookkeeping (order id, charges, errors) nor, once signed, the payer's address.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /**
           * @description sub_ subscription id
           * @example sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The schedule to sign */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *         "subscriptionId": "0x9c1f6b2e4d8a0c3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c",
             *         "description": "Acme Coffee Pro, monthly",
             *         "status": "PENDING",
             *         "chainId": 8453,
             *         "gatewayAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
             *         "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "tokenDecimals": 6,
             *         "amount": "10000000",
             *         "variableAmount": false,
             *         "currency": null,
             *         "fiatAmount": null,
             *         "periodSeconds": 2592000,
             *         "charges": 12,
             *         "startsAt": null,
             *         "recipientAddress": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
             *         "returnUrl": "https://acme-coffee.example/account",
             *         "merchantName": "Acme Coffee",
             *         "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["PublicSubscription"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: SUBSCRIPTION_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "SUBSCRIPTION_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
  "/api/v1/public/subscriptions/{id}/authorize": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign a subscription (the payer)
     * @description The payer's EIP-712 signature of the schedule (`Subscription` on the gateway's domain, with the payer and `startsAt` as signed). The wallet must allow the gateway (approve, or Permit2 with `usePermit2`) at least one charge before each period opens. The subscription becomes ACTIVE; its first charge is due at `startsAt`. When the merchant named the payer's wallet (`payerAddress`), only that wallet may sign (403 FORBIDDEN otherwise).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /**
           * @description sub_ subscription id
           * @example sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description The wallet that signed the schedule and pays each charge */
            payer: string;
            /** @description The schedule's startsAt as signed: the merchant's, or within 15 minutes of now when it set none */
            startsAt: number;
            /**
             * @description Charges are taken through the payer's Permit2 allowance
             * @default false
             */
            usePermit2?: boolean;
            /** @description The payer's EIP-712 signature of the Subscription (ECDSA, ERC-1271 or ERC-6492) */
            signature: string;
          };
        };
      };
      responses: {
        /** @description The ACTIVE subscription */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *         "subscriptionId": "0x9c1f6b2e4d8a0c3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c",
             *         "orderId": "plan-pro-7731",
             *         "description": "Acme Coffee Pro, monthly",
             *         "status": "ACTIVE",
             *         "url": "https://pay.acme-coffee.example/subscribe/sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *         "returnUrl": "https://acme-coffee.example/account",
             *         "chainId": 8453,
             *         "gatewayAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
             *         "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "tokenDecimals": 6,
             *         "amount": "10000000",
             *         "variableAmount": false,
             *         "currency": null,
             *         "fiatAmount": null,
             *         "periodSeconds": 2592000,
             *         "charges": 12,
             *         "startsAt": 1795737600,
             *         "recipientAddress": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
             *         "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
             *         "usePermit2": false,
             *         "digest": "0x3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c9c1f6b2e4d8a0c",
             *         "nextPeriod": 1,
             *         "nextChargeAt": "2026-12-26T06:00:00.000Z",
             *         "failedAttempts": 0,
             *         "retrySchedule": [
             *           3600,
             *           21600,
             *           86400,
             *           259200
             *         ],
             *         "onFailure": "PAST_DUE",
             *         "lastError": null,
             *         "canceledBy": null,
             *         "canceledAt": null,
             *         "createdAt": "2026-11-26T05:58:00.000Z",
             *         "chargesMade": [
             *           {
             *             "period": 0,
             *             "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *             "status": "PAID",
             *             "amount": "10000000",
             *             "tokenPrice": null,
             *             "txHash": "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
             *             "paidAt": "2026-11-26T06:00:04.000Z"
             *           }
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["Subscription"];
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_SIGNATURE, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_SIGNATURE" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: SUBSCRIPTION_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "SUBSCRIPTION_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Conflict with the current state: INVALID_SUBSCRIPTION_STATUS */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_SUBSCRIPTION_STATUS";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: SIGNING_SERVICE_ERROR, INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "SIGNING_SERVICE_ERROR" | "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description A dependency did not answer; retry later: CHAIN_UNAVAILABLE */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "CHAIN_UNAVAILABLE";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
  "/api/v1/public/payer/nonce": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A nonce for a payer's sign-in message (EIP-4361) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A nonce, with the domain and URI the message must name */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "nonce": "692a9c4e0f3b5d7a9c1e3f5a7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a",
             *         "expiresAt": "2026-11-24T10:10:00.000Z",
             *         "domain": "pay.example.com",
             *         "uri": "https://pay.example.com",
             *         "chainIds": [
             *           80002
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @example 692a9c4e0f3b5d7a9c1e3f5a7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a */
                nonce: string;
                /**
                 * Format: date-time
                 * @example 2026-11-24T10:10:00.000Z
                 */
                expiresAt: string;
                /**
                 * @description The EIP-4361 message's domain
                 * @example pay.example.com
                 */
                domain: string;
                /**
                 * @description The EIP-4361 message's URI
                 * @example https://pay.example.com
                 */
                uri: string;
                /**
                 * @description The chains Kassa serves (EIP-155 ids): the message's Chain ID must be one of them
                 * @example [
                 *       80002
                 *     ]
                 */
                chainIds: number[];
              };
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
  "/api/v1/public/payer/session": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in as a payer with a signed EIP-4361 message
     * @description Any wallet (EOA, ERC-1271 smart account, ERC-6492 before deployment). Sets a 30-minute session cookie that shows and cancels only the subscriptions this wallet signed as payer; it is no merchant's session.
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
            /**
             * @description The EIP-4361 message the wallet signed, with the nonce of GET /public/payer/nonce
             * @example pay.example.com wants you to sign in with your Ethereum account:
             *     0x70997970C51812dc3A010C7d01b50e0d17dc79C8
             *
             *     Sign in to see your subscriptions.
             *
             *     URI: https://pay.example.com
             *     Version: 1
             *     Chain ID: 31337
             *     Nonce: 692a9c4e0f3b5d7a9c1e3f5a7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a
             *     Issued At: 2026-11-24T10:00:00.000Z
             */
            message: string;
            /** @example 0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab */
            signature: string;
          };
        };
      };
      responses: {
        /** @description Signed in; the cookie is set */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
             *         "expiresAt": "2026-11-24T10:30:00.000Z"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                /**
                 * @description The payer's wallet that signed in
                 * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                 */
                address: string;
                /**
                 * Format: date-time
                 * @example 2026-11-24T10:30:00.000Z
                 */
                expiresAt: string;
              };
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description A dependency did not answer; retry later: CHAIN_UNAVAILABLE */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "CHAIN_UNAVAILABLE";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
      };
    };
    /** Sign the payer out */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Signed out; the cookie is cleared */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "signedOut": true
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @enum {boolean} */
                signedOut: true;
              };
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/public/payer/subscriptions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The signed-in payer's subscriptions
     * @description Those whose payer is the session's wallet, newest first (at most 100).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The session and its subscriptions */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
             *         "expiresAt": "2026-11-24T10:30:00.000Z",
             *         "subscriptions": [
             *           {
             *             "id": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *             "subscriptionId": "0x9c1f6b2e4d8a0c3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c",
             *             "orderId": "plan-pro-7731",
             *             "description": "Acme Coffee Pro, monthly",
             *             "status": "ACTIVE",
             *             "url": "https://pay.acme-coffee.example/subscribe/sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *             "returnUrl": "https://acme-coffee.example/account",
             *             "chainId": 8453,
             *             "gatewayAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
             *             "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
             *             "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *             "tokenSymbol": "USDC",
             *             "tokenDecimals": 6,
             *             "amount": "10000000",
             *             "variableAmount": false,
             *             "currency": null,
             *             "fiatAmount": null,
             *             "periodSeconds": 2592000,
             *             "charges": 12,
             *             "startsAt": 1795737600,
             *             "recipientAddress": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
             *             "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
             *             "usePermit2": false,
             *             "digest": "0x3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c9c1f6b2e4d8a0c",
             *             "nextPeriod": 1,
             *             "nextChargeAt": "2026-12-26T06:00:00.000Z",
             *             "failedAttempts": 0,
             *             "retrySchedule": [
             *               3600,
             *               21600,
             *               86400,
             *               259200
             *             ],
             *             "onFailure": "PAST_DUE",
             *             "lastError": null,
             *             "canceledBy": null,
             *             "canceledAt": null,
             *             "createdAt": "2026-11-26T05:58:00.000Z",
             *             "chargesMade": [
             *               {
             *                 "period": 0,
             *                 "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *                 "status": "PAID",
             *                 "amount": "10000000",
             *                 "tokenPrice": null,
             *                 "txHash": "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
             *                 "paidAt": "2026-11-26T06:00:04.000Z"
             *               }
             *             ],
             *             "merchantName": "Acme Coffee"
             *           }
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                /**
                 * @description The payer's wallet that signed in
                 * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                 */
                address: string;
                /**
                 * Format: date-time
                 * @example 2026-11-24T10:30:00.000Z
                 */
                expiresAt: string;
                subscriptions: components["schemas"]["PayerSubscription"][];
              };
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
  "/api/v1/public/payer/subscriptions/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel one of the signed-in payer's subscriptions
     * @description No further charges; `subscription.canceled` (canceledBy `payer`) follows, and Kassa cancels the schedule on-chain unless the payer already did (the page calls the gateway's `cancelSubscription` from the wallet first). Needs Kassa's own Origin. Another wallet's subscription is SUBSCRIPTION_NOT_FOUND.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /**
           * @description sub_ subscription id
           * @example sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The canceled subscription */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "id": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *         "subscriptionId": "0x9c1f6b2e4d8a0c3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c",
             *         "orderId": "plan-pro-7731",
             *         "description": "Acme Coffee Pro, monthly",
             *         "status": "ACTIVE",
             *         "url": "https://pay.acme-coffee.example/subscribe/sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
             *         "returnUrl": "https://acme-coffee.example/account",
             *         "chainId": 8453,
             *         "gatewayAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
             *         "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "tokenSymbol": "USDC",
             *         "tokenDecimals": 6,
             *         "amount": "10000000",
             *         "variableAmount": false,
             *         "currency": null,
             *         "fiatAmount": null,
             *         "periodSeconds": 2592000,
             *         "charges": 12,
             *         "startsAt": 1795737600,
             *         "recipientAddress": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
             *         "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
             *         "usePermit2": false,
             *         "digest": "0x3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c9c1f6b2e4d8a0c",
             *         "nextPeriod": 1,
             *         "nextChargeAt": "2026-12-26T06:00:00.000Z",
             *         "failedAttempts": 0,
             *         "retrySchedule": [
             *           3600,
             *           21600,
             *           86400,
             *           259200
             *         ],
             *         "onFailure": "PAST_DUE",
             *         "lastError": null,
             *         "canceledBy": null,
             *         "canceledAt": null,
             *         "createdAt": "2026-11-26T05:58:00.000Z",
             *         "chargesMade": [
             *           {
             *             "period": 0,
             *             "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *             "status": "PAID",
             *             "amount": "10000000",
             *             "tokenPrice": null,
             *             "txHash": "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
             *             "paidAt": "2026-11-26T06:00:04.000Z"
             *           }
             *         ],
             *         "merchantName": "Acme Coffee"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["PayerSubscription"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND, SUBSCRIPTION_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND" | "SUBSCRIPTION_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Conflict with the current state: INVALID_SUBSCRIPTION_STATUS */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_SUBSCRIPTION_STATUS";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
  "/api/v1/dashboard/nonce": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A nonce for a dashboard sign-in message (EIP-4361) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A nonce, with the domain and URI the message must name */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "nonce": "692a9c4e0f3b5d7a9c1e3f5a7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a",
             *         "expiresAt": "2026-11-24T10:10:00.000Z",
             *         "domain": "pay.example.com",
             *         "uri": "https://pay.example.com",
             *         "chainIds": [
             *           80002
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @example 692a9c4e0f3b5d7a9c1e3f5a7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a */
                nonce: string;
                /**
                 * Format: date-time
                 * @example 2026-11-24T10:10:00.000Z
                 */
                expiresAt: string;
                /**
                 * @description The EIP-4361 message's domain
                 * @example pay.example.com
                 */
                domain: string;
                /**
                 * @description The EIP-4361 message's URI
                 * @example https://pay.example.com
                 */
                uri: string;
                /**
                 * @description The chains Kassa serves (EIP-155 ids): the message's Chain ID must be one of them
                 * @example [
                 *       80002
                 *     ]
                 */
                chainIds: number[];
              };
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
  "/api/v1/dashboard/session": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in dashboard session */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The session */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "merchant": {
             *           "merchantId": "mch_6bb0d38a6779cad8",
             *           "name": "Demo Shop"
             *         },
             *         "address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
             *         "expiresAt": "2026-11-24T22:00:00.000Z",
             *         "csrfToken": "5f0c9a1e3b7d2c4a6e8f0b1d3c5a7e9f"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                merchant: {
                  /** @example mch_6bb0d38a6779cad8 */
                  merchantId: string;
                  /** @example Demo Shop */
                  name: string;
                };
                /**
                 * @description The wallet that signed in
                 * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                 */
                address: string;
                /**
                 * Format: date-time
                 * @example 2026-11-24T22:00:00.000Z
                 */
                expiresAt: string;
                /**
                 * @description Send it in x-kassa-csrf on every change
                 * @example 5f0c9a1e3b7d2c4a6e8f0b1d3c5a7e9f
                 */
                csrfToken: string;
              };
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    /**
     * Sign in to the dashboard with a signed EIP-4361 message
     * @description The wallet must be the merchant's recipient address or one added with `kassa admin merchant add-wallet`. EOAs and ERC-1271 smart accounts. Sets the session cookie.
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
            /**
             * @description The EIP-4361 message the wallet signed, with the nonce of GET /dashboard/nonce
             * @example pay.example.com wants you to sign in with your Ethereum account:
             *     0x70997970C51812dc3A010C7d01b50e0d17dc79C8
             *
             *     Sign in to the Kassa dashboard.
             *
             *     URI: https://pay.example.com
             *     Version: 1
             *     Chain ID: 31337
             *     Nonce: 692a9c4e0f3b5d7a9c1e3f5a7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a
             *     Issued At: 2026-11-24T10:00:00.000Z
             */
            message: string;
            /** @example 0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab */
            signature: string;
            /**
             * @description Which merchant, when the wallet is registered for several
             * @example mch_6bb0d38a6779cad8
             */
            merchantId?: string;
          };
        };
      };
      responses: {
        /** @description Signed in; the cookie is set */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "merchant": {
             *           "merchantId": "mch_6bb0d38a6779cad8",
             *           "name": "Demo Shop"
             *         },
             *         "address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
             *         "expiresAt": "2026-11-24T22:00:00.000Z",
             *         "csrfToken": "5f0c9a1e3b7d2c4a6e8f0b1d3c5a7e9f"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                merchant: {
                  /** @example mch_6bb0d38a6779cad8 */
                  merchantId: string;
                  /** @example Demo Shop */
                  name: string;
                };
                /**
                 * @description The wallet that signed in
                 * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                 */
                address: string;
                /**
                 * Format: date-time
                 * @example 2026-11-24T22:00:00.000Z
                 */
                expiresAt: string;
                /**
                 * @description Send it in x-kassa-csrf on every change
                 * @example 5f0c9a1e3b7d2c4a6e8f0b1d3c5a7e9f
                 */
                csrfToken: string;
              };
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description A dependency did not answer; retry later: CHAIN_UNAVAILABLE */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "CHAIN_UNAVAILABLE";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
      };
    };
    /** Sign out of the dashboard */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Signed out; the cookie is cleared */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "signedOut": true
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @enum {boolean} */
                signedOut: true;
              };
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
      };
    };
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
          /**
           * @description paymentId
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The payment's relay request */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "status": "CONFIRMED",
             *         "transactionHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *         "errorMessage": null,
             *         "createdAt": "2026-11-23T06:05:40.000Z",
             *         "updatedAt": "2026-11-23T06:06:12.000Z"
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              data: components["schemas"]["RelayRequest"];
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_NOT_FOUND, RELAY_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_NOT_FOUND" | "RELAY_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    /**
     * Submit a gasless payment (a ForwardRequest, or a Permit2, EIP-3009 or PaymentIntent signature)
     * @description Checks what the payer signed against the payment (`kind`: an ERC-2771 ForwardRequest of pay(), or the gateway's one-signature paths: Permit2, EIP-3009, the PaymentIntent of a smart-contract wallet; ECDSA, ERC-1271 and ERC-6492 signatures), simulates the relayer's call at the fees it will pay, and queues it within the gas its path may cost and the relayer's budgets of reverted gas per merchant and client. 202 once safely queued; follow it with GET /payments/:id/relay.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /**
           * @description paymentId
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description Must equal the paymentId of the path */
            paymentId: string;
            /**
             * @description What the payer signed: `forward` (default), an ERC-2771 ForwardRequest of pay(); `permit2`, Permit2's PermitWitnessTransferFrom with the PaymentIntent as witness (payWithPermit2); `authorization`, the token's EIP-3009 ReceiveWithAuthorization whose nonce is the PaymentIntent's digest (payWithAuthorization); `intent`, the PaymentIntent itself (payWithIntent), the gasless path of smart-contract wallets
             * @default forward
             * @enum {string}
             */
            kind?: "forward" | "permit2" | "authorization" | "intent";
            /** @description kind forward: the payment's forwarderAddress */
            forwarderAddress?: string;
            /** @description kind forward: the signed ForwardRequest */
            forwardRequest?: {
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
            /** @description kinds permit2, authorization, intent: the payer's wallet address */
            payer?: string;
            /** @description kinds permit2, authorization, intent: the payer's EIP-712 signature, 65-byte ECDSA, an ERC-1271 wallet's signature, or ERC-6492 for a wallet not deployed yet */
            signature?: string;
            /** @description kind permit2: the Permit2 nonce the payer signed */
            permit2Nonce?: string | number;
          };
        };
      };
      responses: {
        /** @description Relay request queued */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "status": "submitted",
             *         "message": "Relay request queued; follow it with GET /payments/:id/relay"
             *       }
             *     }
             */
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
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST, INVALID_PAYMENT_STATUS, PAYMENT_EXPIRED, INVALID_SIGNATURE, RELAY_ALREADY_SUBMITTED, AMOUNT_MISMATCH, RELAYER_NOT_CONFIGURED, PAYER_ADDRESS_NOT_FOUND, INSUFFICIENT_TOKEN_BALANCE, INSUFFICIENT_ALLOWANCE, TOKEN_TRANSFER_BLOCKED, UNSUPPORTED_TOKEN, RELAY_GAS_LIMIT_EXCEEDED */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code:
                | "VALIDATION_ERROR"
                | "INVALID_REQUEST"
                | "INVALID_PAYMENT_STATUS"
                | "PAYMENT_EXPIRED"
                | "INVALID_SIGNATURE"
                | "RELAY_ALREADY_SUBMITTED"
                | "AMOUNT_MISMATCH"
                | "RELAYER_NOT_CONFIGURED"
                | "PAYER_ADDRESS_NOT_FOUND"
                | "INSUFFICIENT_TOKEN_BALANCE"
                | "INSUFFICIENT_ALLOWANCE"
                | "TOKEN_TRANSFER_BLOCKED"
                | "UNSUPPORTED_TOKEN"
                | "RELAY_GAS_LIMIT_EXCEEDED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED, RELAY_BUDGET_EXHAUSTED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED" | "RELAY_BUDGET_EXHAUSTED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: RELAYER_ERROR, CHAIN_CONFIG_ERROR, INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RELAYER_ERROR" | "CHAIN_CONFIG_ERROR" | "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description A dependency did not answer; retry later: CHAIN_UNAVAILABLE */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "CHAIN_UNAVAILABLE";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
          /** @example 0x364E2533F6f0b3b560dCA617192940206d806B7e */
          walletAddress: string;
        };
        header?: never;
        path: {
          /**
           * @description paymentId
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Whether the wallet can receive a gas grant */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "needsGas": true,
             *       "hasEnoughTokenBalance": true,
             *       "alreadyGranted": false,
             *       "canReceiveGas": true
             *     }
             */
            "application/json": components["schemas"]["GasStatus"];
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN, FAUCET_DISABLED */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN" | "FAUCET_DISABLED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: RELAYER_ERROR, INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RELAYER_ERROR" | "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description A dependency did not answer; retry later: CHAIN_UNAVAILABLE */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "CHAIN_UNAVAILABLE";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
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
        /** @description Gas granted: the transaction is confirmed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *       "amount": "30000000000000",
             *       "chainId": 8453
             *     }
             */
            "application/json": components["schemas"]["GasGrant"];
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_PAYMENT_STATUS, PAYMENT_EXPIRED, INSUFFICIENT_TOKEN_BALANCE, ALREADY_HAS_GAS, ALREADY_GRANTED, PAYMENT_ALREADY_GRANTED, GRANT_NOT_USABLE, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code:
                | "VALIDATION_ERROR"
                | "INVALID_PAYMENT_STATUS"
                | "PAYMENT_EXPIRED"
                | "INSUFFICIENT_TOKEN_BALANCE"
                | "ALREADY_HAS_GAS"
                | "ALREADY_GRANTED"
                | "PAYMENT_ALREADY_GRANTED"
                | "GRANT_NOT_USABLE"
                | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN, FAUCET_DISABLED */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN" | "FAUCET_DISABLED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Conflict with the current state: GRANT_IN_PROGRESS */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "GRANT_IN_PROGRESS";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED, FAUCET_BUDGET_EXHAUSTED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED" | "FAUCET_BUDGET_EXHAUSTED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: RELAYER_ERROR, INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RELAYER_ERROR" | "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description A dependency did not answer; retry later: CHAIN_UNAVAILABLE */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "CHAIN_UNAVAILABLE";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
  "/api/v1/payments/{id}/return-excess": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Return an overpayment's excess to whoever sent it
     * @description For a payment PAID by transfer with `overpaidAmount` above 0: Kassa's relayer sends what each sender sent beyond what the payment keeps back to that sender (usually the payer alone; a stranger's own transfer after the payer's goes back to the stranger, never the payer's money), one return per sender naming their recorded transfers, on the server signer's authority, which the gateway limits to what exceeds the payment's amount. Your wallet signs and pays nothing. Idempotent: 202 with the returns when it sent any, else 200 with the excess returns recorded before (each SUBMITTED, RETURNED or FAILED; what a FAILED one did not move is owed again and goes with the next call).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /**
           * @description paymentId
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Nothing newly owed: the payment's excess returns, recorded earlier */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "returns": [
             *           {
             *             "returnId": "0x5d0c7c1b9e2f4a6d8b3e1f0a2c4d6e8f1a3b5c7d9e0f2a4b0000000000000009",
             *             "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *             "kind": "excess",
             *             "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *             "to": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *             "amount": "1000000",
             *             "transfers": [
             *               {
             *                 "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *                 "logIndex": 3,
             *                 "amount": "26000000"
             *               }
             *             ],
             *             "status": "SUBMITTED",
             *             "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *             "reason": null,
             *             "createdAt": "2026-11-23T06:30:00.000Z",
             *             "finishedAt": null
             *           }
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              /** @description The payment's excess returns */
              data: {
                /** @description Oldest first */
                returns: {
                  /** @description The return's id on the gateway (bytes32, spent once) */
                  returnId: string;
                  paymentId: string;
                  /**
                   * @description excess: an overpayment's; late: a late deposit (the recipient signed it); recovery: another token or native coin
                   * @enum {string}
                   */
                  kind: "excess" | "late" | "recovery";
                  /** @description The token returned; the zero address for native coin */
                  tokenAddress: string;
                  /** @description Where it goes: the sender of `transfers`, the only address a return to a sender may go to (a recovery to the merchant or an address the operator named has no transfers) */
                  to: string;
                  /** @description Base units: at most what `transfers` brought and was not kept or returned */
                  amount: string;
                  /** @description The recorded transfers it sends back, oldest first */
                  transfers: {
                    txHash: string;
                    logIndex: number;
                    /** @description What the transfer brought, in base units */
                    amount: string;
                  }[];
                  /**
                   * @description SUBMITTED until mined (also after a reorg removed it, while its signed request may still be mined), RETURNED, or FAILED (nothing moved: it may be asked again)
                   * @enum {string}
                   */
                  status: "SUBMITTED" | "RETURNED" | "FAILED";
                  /** @description The relayer's transaction (the mined one once RETURNED) */
                  txHash: string | null;
                  /** @description Why it FAILED, or that a reorg removed it */
                  reason: string | null;
                  createdAt: string;
                  finishedAt: string | null;
                }[];
              };
            };
          };
        };
        /** @description Returns were sent: each SUBMITTED until it is mined */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "returns": [
             *           {
             *             "returnId": "0x5d0c7c1b9e2f4a6d8b3e1f0a2c4d6e8f1a3b5c7d9e0f2a4b0000000000000009",
             *             "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *             "kind": "excess",
             *             "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *             "to": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *             "amount": "1000000",
             *             "transfers": [
             *               {
             *                 "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *                 "logIndex": 3,
             *                 "amount": "26000000"
             *               }
             *             ],
             *             "status": "SUBMITTED",
             *             "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *             "reason": null,
             *             "createdAt": "2026-11-23T06:30:00.000Z",
             *             "finishedAt": null
             *           }
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              /** @description The payment's excess returns */
              data: {
                /** @description Oldest first */
                returns: {
                  /** @description The return's id on the gateway (bytes32, spent once) */
                  returnId: string;
                  paymentId: string;
                  /**
                   * @description excess: an overpayment's; late: a late deposit (the recipient signed it); recovery: another token or native coin
                   * @enum {string}
                   */
                  kind: "excess" | "late" | "recovery";
                  /** @description The token returned; the zero address for native coin */
                  tokenAddress: string;
                  /** @description Where it goes: the sender of `transfers`, the only address a return to a sender may go to (a recovery to the merchant or an address the operator named has no transfers) */
                  to: string;
                  /** @description Base units: at most what `transfers` brought and was not kept or returned */
                  amount: string;
                  /** @description The recorded transfers it sends back, oldest first */
                  transfers: {
                    txHash: string;
                    logIndex: number;
                    /** @description What the transfer brought, in base units */
                    amount: string;
                  }[];
                  /**
                   * @description SUBMITTED until mined (also after a reorg removed it, while its signed request may still be mined), RETURNED, or FAILED (nothing moved: it may be asked again)
                   * @enum {string}
                   */
                  status: "SUBMITTED" | "RETURNED" | "FAILED";
                  /** @description The relayer's transaction (the mined one once RETURNED) */
                  txHash: string | null;
                  /** @description Why it FAILED, or that a reorg removed it */
                  reason: string | null;
                  createdAt: string;
                  finishedAt: string | null;
                }[];
              };
            };
          };
        };
        /** @description Invalid request: PAYER_ADDRESS_NOT_FOUND, RELAYER_NOT_CONFIGURED, INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code:
                "PAYER_ADDRESS_NOT_FOUND" | "RELAYER_NOT_CONFIGURED" | "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Conflict with the current state: NO_EXCESS_TO_RETURN, NOTHING_TO_RETURN, CONFLICT */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NO_EXCESS_TO_RETURN" | "NOTHING_TO_RETURN" | "CONFLICT";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: SIGNING_SERVICE_ERROR, INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "SIGNING_SERVICE_ERROR" | "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
  "/api/v1/payments/{id}/late-return": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The returns of late deposits, for your recipient wallet to sign
     * @description For a payment still open once its transfer window closed (a late deposit held under your `return` setting, or a short one not topped up), or that received more after it took its amount (swept, or paid with the gateway's `pay`: a payer paying twice): one gateway `DepositReturn` per sender owed something, to that sender, of what they are owed of their own recorded transfers (named in `transfers`), as EIP-712 typed data for the payment's recipient wallet to sign (eth_signTypedData_v4). Nobody's money goes to another sender. The gateway lets no key of Kassa's move a payment's amount, so these need your signature; Kassa's relayer then sends each and pays its gas.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /**
           * @description paymentId
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The requests and their typed data, valid for an hour */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "returns": [
             *           {
             *             "request": {
             *               "deposit": "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B",
             *               "returnId": "0x9c41e07a2b5d8f3c6e1a4b7d0f2c5e8a1b3d6f9c2e4a7b0d0000000000000011",
             *               "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *               "to": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *               "amount": "25000000",
             *               "deadline": "1795420800"
             *             },
             *             "transfers": [
             *               {
             *                 "txHash": "0x8e2a4c6d8b0f3e5a7c9d1b3f5e7a9c0d2b4f6e8a0c1d4f1d0c2b7a9e3d5c8b1f",
             *                 "logIndex": 0,
             *                 "amount": "25000000"
             *               }
             *             ],
             *             "typedData": {
             *               "domain": {
             *                 "name": "KassaGateway",
             *                 "version": "1",
             *                 "chainId": 8453,
             *                 "verifyingContract": "0xff89e1cF989dD683d61dc611F667f876bd8e3bc5"
             *               },
             *               "types": {
             *                 "DepositReturn": [
             *                   {
             *                     "name": "deposit",
             *                     "type": "address"
             *                   },
             *                   {
             *                     "name": "returnId",
             *                     "type": "bytes32"
             *                   },
             *                   {
             *                     "name": "tokenAddress",
             *                     "type": "address"
             *                   },
             *                   {
             *                     "name": "to",
             *                     "type": "address"
             *                   },
             *                   {
             *                     "name": "amount",
             *                     "type": "uint256"
             *                   },
             *                   {
             *                     "name": "deadline",
             *                     "type": "uint256"
             *                   }
             *                 ]
             *               },
             *               "primaryType": "DepositReturn",
             *               "message": {
             *                 "deposit": "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B",
             *                 "returnId": "0x9c41e07a2b5d8f3c6e1a4b7d0f2c5e8a1b3d6f9c2e4a7b0d0000000000000011",
             *                 "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *                 "to": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *                 "amount": "25000000",
             *                 "deadline": "1795420800"
             *               }
             *             }
             *           }
             *         ]
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              /** @description The returns of a payment's late deposits, one per sender */
              data: {
                /** @description One per sender owed something, in the order of their first transfer */
                returns: {
                  request: {
                    deposit: string;
                    /** @description A return id Kassa made for this payment and sender (bytes32) */
                    returnId: string;
                    tokenAddress: string;
                    /** @description The sender of `transfers`: the only address their money goes back to */
                    to: string;
                    /** @description What that sender is owed of them, in base units */
                    amount: string;
                    /** @description Unix seconds: the signature is valid until then */
                    deadline: string;
                  };
                  /** @description The sender's recorded transfers whose money this returns, oldest first */
                  transfers: {
                    txHash: string;
                    logIndex: number;
                    /** @description What the transfer brought, in base units */
                    amount: string;
                  }[];
                  /** @description EIP-712 typed data for eth_signTypedData_v4 by the payment's recipient wallet */
                  typedData: {
                    domain: {
                      name: string;
                      version: string;
                      chainId: number;
                      verifyingContract: string;
                    };
                    types: {
                      [key: string]: {
                        name: string;
                        type: string;
                      }[];
                    };
                    /** @enum {string} */
                    primaryType: "DepositReturn";
                    message: {
                      deposit: string;
                      /** @description A return id Kassa made for this payment and sender (bytes32) */
                      returnId: string;
                      tokenAddress: string;
                      /** @description The sender of `transfers`: the only address their money goes back to */
                      to: string;
                      /** @description What that sender is owed of them, in base units */
                      amount: string;
                      /** @description Unix seconds: the signature is valid until then */
                      deadline: string;
                    };
                  };
                }[];
              };
            };
          };
        };
        /** @description Invalid request: INVALID_REQUEST, VALIDATION_ERROR */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INVALID_REQUEST" | "VALIDATION_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Conflict with the current state: NO_LATE_DEPOSIT, NOTHING_TO_RETURN */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NO_LATE_DEPOSIT" | "NOTHING_TO_RETURN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    /**
     * Send a late deposit back to its sender, on your recipient wallet's signature
     * @description Takes the `returnId`, `to`, `amount` and `deadline` of one request GET /payments/{id}/late-return gave and the recipient wallet's signature of it; Kassa checks that it made that return id for this payment and sender, that the sender is still owed the amount, and the signature, then its relayer sends the return. Idempotent: 202 with the return it sent, then 200 with that same return.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /**
           * @description paymentId
           * @example 0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115
           */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description The request's returnId */
            returnId: string;
            /** @description The request's to */
            to: string;
            /** @description The request's amount, as signed */
            amount: string;
            /** @description The request's deadline, as signed */
            deadline: string;
            /** @description The recipient wallet's EIP-712 signature of the request */
            signature: string;
          };
        };
      };
      responses: {
        /** @description The payment's late return, recorded earlier */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "returnId": "0x5d0c7c1b9e2f4a6d8b3e1f0a2c4d6e8f1a3b5c7d9e0f2a4b0000000000000009",
             *         "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *         "kind": "excess",
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "to": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *         "amount": "1000000",
             *         "transfers": [
             *           {
             *             "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *             "logIndex": 3,
             *             "amount": "26000000"
             *           }
             *         ],
             *         "status": "SUBMITTED",
             *         "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *         "reason": null,
             *         "createdAt": "2026-11-23T06:30:00.000Z",
             *         "finishedAt": null
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              /** @description A return from a payment's deposit address, sent by Kassa's relayer */
              data: {
                /** @description The return's id on the gateway (bytes32, spent once) */
                returnId: string;
                paymentId: string;
                /**
                 * @description excess: an overpayment's; late: a late deposit (the recipient signed it); recovery: another token or native coin
                 * @enum {string}
                 */
                kind: "excess" | "late" | "recovery";
                /** @description The token returned; the zero address for native coin */
                tokenAddress: string;
                /** @description Where it goes: the sender of `transfers`, the only address a return to a sender may go to (a recovery to the merchant or an address the operator named has no transfers) */
                to: string;
                /** @description Base units: at most what `transfers` brought and was not kept or returned */
                amount: string;
                /** @description The recorded transfers it sends back, oldest first */
                transfers: {
                  txHash: string;
                  logIndex: number;
                  /** @description What the transfer brought, in base units */
                  amount: string;
                }[];
                /**
                 * @description SUBMITTED until mined (also after a reorg removed it, while its signed request may still be mined), RETURNED, or FAILED (nothing moved: it may be asked again)
                 * @enum {string}
                 */
                status: "SUBMITTED" | "RETURNED" | "FAILED";
                /** @description The relayer's transaction (the mined one once RETURNED) */
                txHash: string | null;
                /** @description Why it FAILED, or that a reorg removed it */
                reason: string | null;
                createdAt: string;
                finishedAt: string | null;
              };
            };
          };
        };
        /** @description The return was sent: SUBMITTED until it is mined */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "success": true,
             *       "data": {
             *         "returnId": "0x5d0c7c1b9e2f4a6d8b3e1f0a2c4d6e8f1a3b5c7d9e0f2a4b0000000000000009",
             *         "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
             *         "kind": "excess",
             *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
             *         "to": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
             *         "amount": "1000000",
             *         "transfers": [
             *           {
             *             "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *             "logIndex": 3,
             *             "amount": "26000000"
             *           }
             *         ],
             *         "status": "SUBMITTED",
             *         "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
             *         "reason": null,
             *         "createdAt": "2026-11-23T06:30:00.000Z",
             *         "finishedAt": null
             *       }
             *     }
             */
            "application/json": {
              /** @enum {boolean} */
              success: true;
              /** @description A return from a payment's deposit address, sent by Kassa's relayer */
              data: {
                /** @description The return's id on the gateway (bytes32, spent once) */
                returnId: string;
                paymentId: string;
                /**
                 * @description excess: an overpayment's; late: a late deposit (the recipient signed it); recovery: another token or native coin
                 * @enum {string}
                 */
                kind: "excess" | "late" | "recovery";
                /** @description The token returned; the zero address for native coin */
                tokenAddress: string;
                /** @description Where it goes: the sender of `transfers`, the only address a return to a sender may go to (a recovery to the merchant or an address the operator named has no transfers) */
                to: string;
                /** @description Base units: at most what `transfers` brought and was not kept or returned */
                amount: string;
                /** @description The recorded transfers it sends back, oldest first */
                transfers: {
                  txHash: string;
                  logIndex: number;
                  /** @description What the transfer brought, in base units */
                  amount: string;
                }[];
                /**
                 * @description SUBMITTED until mined (also after a reorg removed it, while its signed request may still be mined), RETURNED, or FAILED (nothing moved: it may be asked again)
                 * @enum {string}
                 */
                status: "SUBMITTED" | "RETURNED" | "FAILED";
                /** @description The relayer's transaction (the mined one once RETURNED) */
                txHash: string | null;
                /** @description Why it FAILED, or that a reorg removed it */
                reason: string | null;
                createdAt: string;
                finishedAt: string | null;
              };
            };
          };
        };
        /** @description Invalid request: VALIDATION_ERROR, INVALID_SIGNATURE, RELAYER_NOT_CONFIGURED, INVALID_REQUEST */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "VALIDATION_ERROR" | "INVALID_SIGNATURE" | "RELAYER_NOT_CONFIGURED" | "INVALID_REQUEST";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Missing or invalid key: UNAUTHORIZED */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "UNAUTHORIZED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not allowed: FORBIDDEN */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "FORBIDDEN";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Not found: PAYMENT_NOT_FOUND */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "PAYMENT_NOT_FOUND";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Conflict with the current state: NO_LATE_DEPOSIT, NOTHING_TO_RETURN, CONFLICT */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "NO_LATE_DEPOSIT" | "NOTHING_TO_RETURN" | "CONFLICT";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Too many requests: RATE_LIMITED */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "RATE_LIMITED";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description Server-side failure: INTERNAL_ERROR */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "INTERNAL_ERROR";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
          };
        };
        /** @description A dependency did not answer; retry later: CHAIN_UNAVAILABLE */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /**
               * @description One of this status's codes
               * @enum {string}
               */
              code: "CHAIN_UNAVAILABLE";
              message: string;
              /** @description VALIDATION_ERROR only: which input failed and why */
              details?: {
                path: string[];
                message: string;
              }[];
            };
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
export interface webhooks {
  "payment.paid": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.paid
     * @description A payment was confirmed on-chain and is final for its chain (PAID). Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "createdAt": "2026-11-23T06:06:12.000Z",
           *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *       "orderId": "order-10482",
           *       "status": "PAID",
           *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
           *       "amount": "25000000",
           *       "tokenSymbol": "USDC",
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "chainId": 8453,
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
           *       "paidAt": "2026-11-23T06:06:12.000Z",
           *       "paidAfterExpiry": false,
           *       "paymentLinkId": null,
           *       "refundedAmount": "0",
           *       "paidVia": "contract",
           *       "amountReceived": "0",
           *       "overpaidAmount": "0",
           *       "fundsAtRecipient": true,
           *       "type": "payment.paid"
           *     }
           */
          "application/json": components["schemas"]["PaymentPaidEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.invalid": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.invalid
     * @description A transaction paid the payment but does not match it (INVALID): amount, token, recipient, merchant, or a token that took a cut. Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "createdAt": "2026-11-23T06:06:12.000Z",
           *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *       "orderId": "order-10482",
           *       "status": "INVALID",
           *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
           *       "amount": "25000000",
           *       "tokenSymbol": "USDC",
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "chainId": 8453,
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
           *       "paidAt": "2026-11-23T06:06:12.000Z",
           *       "paidAfterExpiry": false,
           *       "paymentLinkId": null,
           *       "refundedAmount": "0",
           *       "paidVia": "contract",
           *       "amountReceived": "0",
           *       "overpaidAmount": "0",
           *       "fundsAtRecipient": true,
           *       "type": "payment.invalid",
           *       "reason": "paid 24000000 base units, 25000000 expected",
           *       "paid": {
           *         "amount": "24000000",
           *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *         "recipientAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
           *         "recipientReceived": "23760000"
           *       }
           *     }
           */
          "application/json": components["schemas"]["PaymentInvalidEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.expired": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.expired
     * @description The payment was not paid before it expired (EXPIRED). Money arriving later still settles it (payment.paid with paidAfterExpiry). Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "createdAt": "2026-11-23T06:10:00.000Z",
           *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *       "orderId": "order-10482",
           *       "status": "EXPIRED",
           *       "txHash": null,
           *       "amount": "25000000",
           *       "tokenSymbol": "USDC",
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "chainId": 8453,
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "payerAddress": null,
           *       "paidAt": null,
           *       "paidAfterExpiry": false,
           *       "paymentLinkId": null,
           *       "refundedAmount": "0",
           *       "paidVia": null,
           *       "amountReceived": "0",
           *       "overpaidAmount": "0",
           *       "fundsAtRecipient": false,
           *       "type": "payment.expired"
           *     }
           */
          "application/json": components["schemas"]["PaymentExpiredEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.failed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.failed
     * @description The payment's transaction reverted, e.g. a gasless relay (FAILED). Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "createdAt": "2026-11-23T06:06:12.000Z",
           *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *       "orderId": "order-10482",
           *       "status": "FAILED",
           *       "txHash": null,
           *       "amount": "25000000",
           *       "tokenSymbol": "USDC",
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "chainId": 8453,
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "payerAddress": null,
           *       "paidAt": null,
           *       "paidAfterExpiry": false,
           *       "paymentLinkId": null,
           *       "refundedAmount": "0",
           *       "paidVia": null,
           *       "amountReceived": "0",
           *       "overpaidAmount": "0",
           *       "fundsAtRecipient": false,
           *       "type": "payment.failed",
           *       "reason": "relayed transaction reverted"
           *     }
           */
          "application/json": components["schemas"]["PaymentFailedEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.refund_submitted": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.refund_submitted
     * @description A refund was requested (REFUND_SUBMITTED); the merchant's wallet must send its transaction before the refund's deadline. Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "createdAt": "2026-11-23T07:20:00.000Z",
           *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *       "orderId": "order-10482",
           *       "status": "REFUND_SUBMITTED",
           *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
           *       "amount": "25000000",
           *       "tokenSymbol": "USDC",
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "chainId": 8453,
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
           *       "paidAt": "2026-11-23T06:06:12.000Z",
           *       "paidAfterExpiry": false,
           *       "paymentLinkId": null,
           *       "refundedAmount": "0",
           *       "paidVia": "contract",
           *       "amountReceived": "0",
           *       "overpaidAmount": "0",
           *       "fundsAtRecipient": true,
           *       "type": "payment.refund_submitted",
           *       "refund": {
           *         "refundId": "rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a",
           *         "amount": "25000000",
           *         "txHash": null,
           *         "senderAddress": null,
           *         "sentByRecipient": null
           *       }
           *     }
           */
          "application/json": components["schemas"]["PaymentRefundSubmittedEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.refund_expired": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.refund_expired
     * @description The refund was not sent before its deadline and can no longer be: the payment is PAID again. Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "createdAt": "2026-11-23T08:20:00.000Z",
           *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *       "orderId": "order-10482",
           *       "status": "PAID",
           *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
           *       "amount": "25000000",
           *       "tokenSymbol": "USDC",
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "chainId": 8453,
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
           *       "paidAt": "2026-11-23T06:06:12.000Z",
           *       "paidAfterExpiry": false,
           *       "paymentLinkId": null,
           *       "refundedAmount": "0",
           *       "paidVia": "contract",
           *       "amountReceived": "0",
           *       "overpaidAmount": "0",
           *       "fundsAtRecipient": true,
           *       "type": "payment.refund_expired",
           *       "refund": {
           *         "refundId": "rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a",
           *         "amount": "25000000",
           *         "txHash": null,
           *         "senderAddress": null,
           *         "sentByRecipient": null
           *       }
           *     }
           */
          "application/json": components["schemas"]["PaymentRefundExpiredEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.refunded": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.refunded
     * @description A refund of the payment was confirmed on-chain: REFUNDED once its refunds sent back all it paid, PAID after a partial refund (see refundedAmount). Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "createdAt": "2026-11-23T07:21:30.000Z",
           *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *       "orderId": "order-10482",
           *       "status": "REFUNDED",
           *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
           *       "amount": "25000000",
           *       "tokenSymbol": "USDC",
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "chainId": 8453,
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
           *       "paidAt": "2026-11-23T06:06:12.000Z",
           *       "paidAfterExpiry": false,
           *       "paymentLinkId": null,
           *       "refundedAmount": "0",
           *       "paidVia": "contract",
           *       "amountReceived": "0",
           *       "overpaidAmount": "0",
           *       "fundsAtRecipient": true,
           *       "type": "payment.refunded",
           *       "refund": {
           *         "refundId": "rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a",
           *         "amount": "25000000",
           *         "txHash": "0xfc433284f43bac7604db01e357bff1b94026ffc4791e80cd44b7b8d30b073b3f",
           *         "senderAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
           *         "sentByRecipient": true
           *       }
           *     }
           */
          "application/json": components["schemas"]["PaymentRefundedEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.refund_reorged": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.refund_reorged
     * @description A chain reorganisation removed the transaction of a confirmed refund: the payer did not get that money back after all, and it is no longer in refundedAmount. The refund is open again until its deadline (REFUND_SUBMITTED: its transaction can be sent again), or past it the payment is PAID again and a new refund can be requested. Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "createdAt": "2026-11-23T07:24:10.000Z",
           *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *       "orderId": "order-10482",
           *       "status": "REFUND_SUBMITTED",
           *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
           *       "amount": "25000000",
           *       "tokenSymbol": "USDC",
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "chainId": 8453,
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
           *       "paidAt": "2026-11-23T06:06:12.000Z",
           *       "paidAfterExpiry": false,
           *       "paymentLinkId": null,
           *       "refundedAmount": "0",
           *       "paidVia": "contract",
           *       "amountReceived": "0",
           *       "overpaidAmount": "0",
           *       "fundsAtRecipient": true,
           *       "type": "payment.refund_reorged",
           *       "refund": {
           *         "refundId": "rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a",
           *         "amount": "25000000",
           *         "txHash": null,
           *         "senderAddress": null,
           *         "sentByRecipient": null
           *       },
           *       "reorged": {
           *         "txHash": "0x9d0c6e3b1a7f52c4e8b06d19f3a2c5e7b4d8f01a6c3e9b2d5f7a0c4e8b1d3f62",
           *         "blockNumber": 22841960,
           *         "blockHash": "0x2e7a9c4f1b8d3e60a5c2f7b9d1e4a8c3f6b0d2e9a7c5f1b3d8e4a6c0f2b9d7e1"
           *       }
           *     }
           */
          "application/json": components["schemas"]["PaymentRefundReorgedEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.reorged": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.reorged
     * @description A chain reorganisation removed the transaction that had paid the payment: it is CREATED again and can be paid again. Whatever the payment had become (PAID, INVALID, refunded in part or in full), its refunds are undone with it (refundedAmount is 0). Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "createdAt": "2026-11-23T06:06:40.000Z",
           *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *       "orderId": "order-10482",
           *       "status": "CREATED",
           *       "txHash": null,
           *       "amount": "25000000",
           *       "tokenSymbol": "USDC",
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "chainId": 8453,
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "payerAddress": null,
           *       "paidAt": null,
           *       "paidAfterExpiry": false,
           *       "paymentLinkId": null,
           *       "refundedAmount": "0",
           *       "paidVia": null,
           *       "amountReceived": "0",
           *       "overpaidAmount": "0",
           *       "fundsAtRecipient": false,
           *       "type": "payment.reorged",
           *       "reorged": {
           *         "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
           *         "blockNumber": 22841907,
           *         "blockHash": "0xfc433284f43bac7604db01e357bff1b94026ffc4791e80cd44b7b8d30b073b3f"
           *       }
           *     }
           */
          "application/json": components["schemas"]["PaymentReorgedEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.underpaid": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.underpaid
     * @description A transfer reached the payment's deposit address and what arrived (amountReceived) is still short of what settles it: the payment stays open and the payer may top it up. Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "createdAt": "2026-11-23T06:21:40.000Z",
           *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *       "orderId": "order-10482",
           *       "status": "CREATED",
           *       "txHash": null,
           *       "amount": "25000000",
           *       "tokenSymbol": "USDC",
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "chainId": 8453,
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "payerAddress": null,
           *       "paidAt": null,
           *       "paidAfterExpiry": false,
           *       "paymentLinkId": null,
           *       "refundedAmount": "0",
           *       "paidVia": null,
           *       "amountReceived": "24000000",
           *       "overpaidAmount": "0",
           *       "fundsAtRecipient": false,
           *       "type": "payment.underpaid"
           *     }
           */
          "application/json": components["schemas"]["PaymentUnderpaidEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.late_deposit": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.late_deposit
     * @description A transfer reached the deposit address late: after the transfer window, under the merchant's late policy "return" (the payment stays open: it is recorded in amountReceived, not settled), or after the payment was settled (a payer paying twice, a top-up; overpaidAmount grows). Its money waits at the address for its return: POST /payments/{id}/return-excess while the payment is not swept, else the merchant's signed return (GET /payments/{id}/late-return). Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "createdAt": "2026-11-23T07:40:00.000Z",
           *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *       "orderId": "order-10482",
           *       "status": "EXPIRED",
           *       "txHash": null,
           *       "amount": "25000000",
           *       "tokenSymbol": "USDC",
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "chainId": 8453,
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "payerAddress": null,
           *       "paidAt": null,
           *       "paidAfterExpiry": false,
           *       "paymentLinkId": null,
           *       "refundedAmount": "0",
           *       "paidVia": null,
           *       "amountReceived": "25000000",
           *       "overpaidAmount": "0",
           *       "fundsAtRecipient": false,
           *       "type": "payment.late_deposit"
           *     }
           */
          "application/json": components["schemas"]["PaymentLateDepositEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.deposit_returned": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.deposit_returned
     * @description A return from the payment's deposit address was mined: an overpayment's excess, a late deposit, or another token or native coin. The payment's status does not change. Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "createdAt": "2026-11-23T06:30:00.000Z",
           *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *       "orderId": "order-10482",
           *       "status": "PAID",
           *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
           *       "amount": "25000000",
           *       "tokenSymbol": "USDC",
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "chainId": 8453,
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
           *       "paidAt": "2026-11-23T06:06:12.000Z",
           *       "paidAfterExpiry": false,
           *       "paymentLinkId": null,
           *       "refundedAmount": "0",
           *       "paidVia": "transfer",
           *       "amountReceived": "25000000",
           *       "overpaidAmount": "1000000",
           *       "fundsAtRecipient": false,
           *       "type": "payment.deposit_returned",
           *       "depositReturn": {
           *         "returnId": "0x5d0c7c1b9e2f4a6d8b3e1f0a2c4d6e8f1a3b5c7d9e0f2a4b0000000000000009",
           *         "kind": "excess",
           *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *         "to": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
           *         "amount": "1000000",
           *         "txHash": "0x4f1d0c2b7a9e3d5c8b1f0e2a4c6d8b0f3e5a7c9d1b3f5e7a9c0d2b4f6e8a0c1d"
           *       }
           *     }
           */
          "application/json": components["schemas"]["PaymentDepositReturnedEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.swept": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.swept
     * @description The money of a payment paid by transfer reached the recipient's wallet: its deposit address was swept, the amount less the fee to the recipient and the fee to the treasury (fundsAtRecipient is true from now on). payment.paid comes first, when the transfer is final; this event when the sweep is, usually within a minute or two. A reorganisation deeper than the chain's finality that removes the sweep makes fundsAtRecipient false again until the deposit is swept again, which sends this event again with its new transaction. Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "createdAt": "2026-11-23T06:07:30.000Z",
           *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *       "orderId": "order-10482",
           *       "status": "PAID",
           *       "txHash": "0x8e2a4c6d8b0f3e5a7c9d1b3f5e7a9c0d2b4f6e8a0c1d4f1d0c2b7a9e3d5c8b1f",
           *       "amount": "25000000",
           *       "tokenSymbol": "USDC",
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "chainId": 8453,
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
           *       "paidAt": "2026-11-23T06:06:12.000Z",
           *       "paidAfterExpiry": false,
           *       "paymentLinkId": null,
           *       "refundedAmount": "0",
           *       "paidVia": "transfer",
           *       "amountReceived": "25000000",
           *       "overpaidAmount": "0",
           *       "fundsAtRecipient": true,
           *       "type": "payment.swept",
           *       "sweep": {
           *         "txHash": "0x3c5e7a9b1d2f4a6c8e0b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c",
           *         "blockNumber": 22841912,
           *         "amount": "25000000",
           *         "fee": "250000",
           *         "recipientReceived": "24750000",
           *         "recipientAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115"
           *       }
           *     }
           */
          "application/json": components["schemas"]["PaymentSweptEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "subscription.created": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * subscription.created
     * @description The payer signed the schedule: the subscription is ACTIVE. Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_0c9d7e2f1a3b5f0c3b7c2a9d4e1f8b6a",
           *       "createdAt": "2026-11-26T06:00:04.000Z",
           *       "subscriptionId": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
           *       "orderId": "plan-pro-7731",
           *       "status": "ACTIVE",
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "chainId": 8453,
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "tokenSymbol": "USDC",
           *       "amount": "10000000",
           *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
           *       "nextChargeAt": "2026-12-26T06:00:00.000Z",
           *       "canceledBy": null,
           *       "type": "subscription.created"
           *     }
           */
          "application/json": components["schemas"]["SubscriptionCreatedEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "subscription.charged": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * subscription.charged
     * @description A period was charged on-chain (`charge`) in a block now final for the chain: its payment is PAID. Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_0c9d7e2f1a3b5f0c3b7c2a9d4e1f8b6a",
           *       "createdAt": "2026-11-26T06:00:04.000Z",
           *       "subscriptionId": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
           *       "orderId": "plan-pro-7731",
           *       "status": "ACTIVE",
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "chainId": 8453,
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "tokenSymbol": "USDC",
           *       "amount": "10000000",
           *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
           *       "nextChargeAt": "2026-12-26T06:00:00.000Z",
           *       "canceledBy": null,
           *       "type": "subscription.charged",
           *       "charge": {
           *         "period": 0,
           *         "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
           *         "txHash": "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988"
           *       }
           *     }
           */
          "application/json": components["schemas"]["SubscriptionChargedEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "subscription.charge_failed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * subscription.charge_failed
     * @description A period's charge failed (`reason`: the payer's balance or allowance, a refusal of the chain, a fiat plan's price beyond the payer's signed maximum); it is retried at `nextChargeAt` while the retry schedule lasts. Also when a reorg removed a charge (`charge`, CREATED again): the period is due again at once. Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_0c9d7e2f1a3b5f0c3b7c2a9d4e1f8b6a",
           *       "createdAt": "2026-11-26T06:00:04.000Z",
           *       "subscriptionId": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
           *       "orderId": "plan-pro-7731",
           *       "status": "ACTIVE",
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "chainId": 8453,
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "tokenSymbol": "USDC",
           *       "amount": "10000000",
           *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
           *       "nextChargeAt": "2026-11-26T07:00:00.000Z",
           *       "canceledBy": null,
           *       "type": "subscription.charge_failed",
           *       "reason": "the payer's balance 4000000 is below the charge 10000000"
           *     }
           */
          "application/json": components["schemas"]["SubscriptionChargeFailedEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "subscription.past_due": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * subscription.past_due
     * @description The payer's allowance fell short of a charge (`reason`): the charge is retried on the schedule, and the payer is to allow the gateway again on the subscription's page (`url`) or their subscriptions page; the next charge that goes through makes it ACTIVE again (`subscription.charged`). Also when a period's charge failed every retry (merchant setting PAST_DUE): that period is not charged; the next one will be tried when it opens. Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_0c9d7e2f1a3b5f0c3b7c2a9d4e1f8b6a",
           *       "createdAt": "2026-11-26T06:00:04.000Z",
           *       "subscriptionId": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
           *       "orderId": "plan-pro-7731",
           *       "status": "PAST_DUE",
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "chainId": 8453,
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "tokenSymbol": "USDC",
           *       "amount": "10000000",
           *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
           *       "nextChargeAt": "2026-12-26T07:00:00.000Z",
           *       "canceledBy": null,
           *       "type": "subscription.past_due",
           *       "reason": "the payer's allowance 0 is below the charge 10000000: the payer is to allow the gateway again, on the subscription's page (its url) or their own subscriptions page"
           *     }
           */
          "application/json": components["schemas"]["SubscriptionPastDueEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "subscription.canceled": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * subscription.canceled
     * @description The subscription ended before its last charge (`canceledBy`: merchant, payer, `allowance` when the payer set the gateway's allowance to 0 themselves (an allowance spent to 0 by other payments is PAST_DUE instead), retries, or seen on-chain). Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_0c9d7e2f1a3b5f0c3b7c2a9d4e1f8b6a",
           *       "createdAt": "2026-11-26T06:00:04.000Z",
           *       "subscriptionId": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
           *       "orderId": "plan-pro-7731",
           *       "status": "CANCELED",
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "chainId": 8453,
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "tokenSymbol": "USDC",
           *       "amount": "10000000",
           *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
           *       "nextChargeAt": null,
           *       "canceledBy": "allowance",
           *       "type": "subscription.canceled",
           *       "reason": "the payer set the gateway's allowance to 0 (transaction 0x4b2c6a8e0f1d3b5a7c9e2f4a6c8e0b1d3f5a7c9e2b4d6f8a0c1e3a5c7e9f1b3d)"
           *     }
           */
          "application/json": components["schemas"]["SubscriptionCanceledEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "subscription.completed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * subscription.completed
     * @description Its last period was charged or closed. Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_0c9d7e2f1a3b5f0c3b7c2a9d4e1f8b6a",
           *       "createdAt": "2026-11-26T06:00:04.000Z",
           *       "subscriptionId": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
           *       "orderId": "plan-pro-7731",
           *       "status": "COMPLETED",
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
           *       "chainId": 8453,
           *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
           *       "tokenSymbol": "USDC",
           *       "amount": "10000000",
           *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
           *       "nextChargeAt": null,
           *       "canceledBy": null,
           *       "type": "subscription.completed"
           *     }
           */
          "application/json": components["schemas"]["SubscriptionCompletedEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "webhook.test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * webhook.test
     * @description A test the merchant sent itself (POST /merchants/me/webhook-test): about no payment; answer it 2xx. Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description The event's eventId; the same on every retry and redelivery: deduplicate on it
           * @example evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a
           */
          "webhook-id": string;
          /**
           * @description Unix seconds of this attempt; refuse one far from now (replay)
           * @example 1795425972
           */
          "webhook-timestamp": string;
          /**
           * @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant's whsec_ secret; several, separated by spaces, during a secret rotation
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
           *       "type": "webhook.test",
           *       "createdAt": "2026-11-23T09:00:00.000Z",
           *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347"
           *     }
           */
          "application/json": components["schemas"]["WebhookTestEvent"];
        };
      };
      responses: {
        /** @description Received. Any other answer, or none within 10 s, is retried with backoff */
        "2XX": {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
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
export interface components {
  schemas: {
    /**
     * @example {
     *       "id": 1,
     *       "network_id": 8453,
     *       "name": "Base",
     *       "is_testnet": false
     *     }
     */
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
    /**
     * @example {
     *       "id": 1,
     *       "network_id": 8453,
     *       "name": "Base",
     *       "is_testnet": false,
     *       "tokens": [
     *         {
     *           "id": 1,
     *           "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *           "symbol": "USDC",
     *           "decimals": 6,
     *           "permit_supported": true,
     *           "is_enabled": true
     *         }
     *       ]
     *     }
     */
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
    /**
     * @example {
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "chainId": 8453,
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "tokenSymbol": "USDC",
     *       "tokenDecimals": 6,
     *       "tokenPermitSupported": true,
     *       "isFaucetEnabled": true,
     *       "gatewayAddress": "0xff89e1cF989dD683d61dc611F667f876bd8e3bc5",
     *       "forwarderAddress": "0xe2F8B2DF52D82224D4b309CA60018294767ABe24",
     *       "amount": "25000000",
     *       "recipientAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "deadline": "1795426200",
     *       "successUrl": "https://shop.acme-coffee.example/orders/10482/paid",
     *       "failUrl": "https://shop.acme-coffee.example/orders/10482",
     *       "expiresAt": "2026-11-23T06:10:00.000Z",
     *       "currency": "KRW",
     *       "fiatAmount": 35000,
     *       "tokenPrice": 1400,
     *       "serverSignature": "0x3f1c2a8e5b7d4c6f9a0b1e2d3c4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b1c",
     *       "depositAddress": "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B",
     *       "transferAmount": "25",
     *       "transferUri": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B&uint256=25000000",
     *       "transferExpiresAt": "2026-11-23T07:05:00.000Z",
     *       "depositMinimumAmount": "25000000",
     *       "amountReceived": "0",
     *       "overpaidAmount": "0",
     *       "paidVia": null,
     *       "sweptAt": null,
     *       "sweepTransactionHash": null,
     *       "fundsAtRecipient": false
     *     }
     */
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
      /** @description The payment's own deposit address (EIP-55): a plain ERC-20 transfer of the token to it pays the payment. Null when the gateway's fee could not be read at creation */
      depositAddress: string | null;
      /** @description The exact amount to transfer, in token units (decimal, e.g. 25.5); null without a deposit address */
      transferAmount: string | null;
      /** @description EIP-681 request of that transfer: ethereum:<token>@<chainId>/transfer?address=<deposit>&uint256=<amount> */
      transferUri: string | null;
      /** @description End of the transfer window (ISO 8601; the merchant's setting, 60 minutes by default), later than expiresAt on purpose: exchange withdrawals take minutes to hours. A transfer after it is late and follows the merchant's late policy */
      transferExpiresAt: string | null;
      /** @description The least that settles the payment by transfer (the amount less the merchant's tolerance) */
      depositMinimumAmount: string | null;
      /** @description What final transfers of the payment's token brought to its deposit address */
      amountReceived: string;
      /** @description What of amountReceived the payment does not take from its deposit address (beyond the amount, or beyond what its sweep took): returnable to the sender */
      overpaidAmount: string;
      /** @description How it was paid: contract (pay() or a relayed call) or transfer (to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Paid by transfer: when Kassa's relayer swept the deposit address to the recipient and the treasury (ISO 8601; the sweep's transaction final); null before */
      sweptAt: string | null;
      /** @description The sweep's transaction (sweepDeposit, or sweepDeposits for a batch); null before the sweep */
      sweepTransactionHash: string | null;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept), not before. A merchant who ships on money received waits for true */
      fundsAtRecipient: boolean;
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
      /** @description The payment's own deposit address (EIP-55): a plain ERC-20 transfer of the token to it pays the payment. Null when the gateway's fee could not be read at creation */
      depositAddress: string | null;
      /** @description The exact amount to transfer, in token units (decimal, e.g. 25.5); null without a deposit address */
      transferAmount: string | null;
      /** @description EIP-681 request of that transfer: ethereum:<token>@<chainId>/transfer?address=<deposit>&uint256=<amount> */
      transferUri: string | null;
      /** @description End of the transfer window (ISO 8601; the merchant's setting, 60 minutes by default), later than expiresAt on purpose: exchange withdrawals take minutes to hours. A transfer after it is late and follows the merchant's late policy */
      transferExpiresAt: string | null;
      /** @description The least that settles the payment by transfer (the amount less the merchant's tolerance) */
      depositMinimumAmount: string | null;
      /** @description What final transfers of the payment's token brought to its deposit address */
      amountReceived: string;
      /** @description What of amountReceived the payment does not take from its deposit address (beyond the amount, or beyond what its sweep took): returnable to the sender */
      overpaidAmount: string;
      /** @description How it was paid: contract (pay() or a relayed call) or transfer (to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Paid by transfer: when Kassa's relayer swept the deposit address to the recipient and the treasury (ISO 8601; the sweep's transaction final); null before */
      sweptAt: string | null;
      /** @description The sweep's transaction (sweepDeposit, or sweepDeposits for a batch); null before the sweep */
      sweepTransactionHash: string | null;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept), not before. A merchant who ships on money received waits for true */
      fundsAtRecipient: boolean;
    };
    Error: {
      /**
       * @description One of the closed list of error codes
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
        | "INSUFFICIENT_ALLOWANCE"
        | "TOKEN_TRANSFER_BLOCKED"
        | "RELAY_GAS_LIMIT_EXCEEDED"
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
        | "PAYMENT_LINK_NOT_FOUND"
        | "SUBSCRIPTION_NOT_FOUND"
        | "DUPLICATE_ORDER"
        | "PAYMENT_METHOD_EXISTS"
        | "PAYMENT_ALREADY_REFUNDED"
        | "CONFLICT"
        | "REFUND_IN_PROGRESS"
        | "GRANT_IN_PROGRESS"
        | "PAYMENT_LINK_UNAVAILABLE"
        | "INVALID_SUBSCRIPTION_STATUS"
        | "RATE_LIMITED"
        | "FAUCET_BUDGET_EXHAUSTED"
        | "RELAY_BUDGET_EXHAUSTED"
        | "CHAIN_CONFIG_ERROR"
        | "SIGNATURE_ERROR"
        | "SIGNING_SERVICE_ERROR"
        | "RELAYER_ERROR"
        | "CHAIN_UNAVAILABLE"
        | "NO_EXCESS_TO_RETURN"
        | "NOTHING_TO_RETURN"
        | "NO_LATE_DEPOSIT"
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
       * @description One of the closed list of error codes
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
        | "INSUFFICIENT_ALLOWANCE"
        | "TOKEN_TRANSFER_BLOCKED"
        | "RELAY_GAS_LIMIT_EXCEEDED"
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
        | "PAYMENT_LINK_NOT_FOUND"
        | "SUBSCRIPTION_NOT_FOUND"
        | "DUPLICATE_ORDER"
        | "PAYMENT_METHOD_EXISTS"
        | "PAYMENT_ALREADY_REFUNDED"
        | "CONFLICT"
        | "REFUND_IN_PROGRESS"
        | "GRANT_IN_PROGRESS"
        | "PAYMENT_LINK_UNAVAILABLE"
        | "INVALID_SUBSCRIPTION_STATUS"
        | "RATE_LIMITED"
        | "FAUCET_BUDGET_EXHAUSTED"
        | "RELAY_BUDGET_EXHAUSTED"
        | "CHAIN_CONFIG_ERROR"
        | "SIGNATURE_ERROR"
        | "SIGNING_SERVICE_ERROR"
        | "RELAYER_ERROR"
        | "CHAIN_UNAVAILABLE"
        | "NO_EXCESS_TO_RETURN"
        | "NOTHING_TO_RETURN"
        | "NO_LATE_DEPOSIT"
        | "INTERNAL_ERROR";
      message: string;
      /** @description VALIDATION_ERROR only: which input failed and why */
      details?: {
        path: string[];
        message: string;
      }[];
    };
    /**
     * @example {
     *       "type": "payment",
     *       "orderId": "order-10482",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "refundId": null,
     *       "status": "PAID",
     *       "chainId": 8453,
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "gross": "25",
     *       "fee": "0.25",
     *       "net": "24.75",
     *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
     *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *       "blockNumber": "18000123",
     *       "time": "2026-11-23T06:06:12.000Z",
     *       "currency": "USD",
     *       "fiatAmount": "25",
     *       "tokenPrice": "1",
     *       "senderAddress": null,
     *       "paidVia": "transfer",
     *       "sweepTxHash": "0x3c5e7a9b1d2f4a6c8e0b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c",
     *       "sweepBlockNumber": "18000131"
     *     }
     */
    ExportRow: {
      /** @enum {string} */
      type: "payment" | "refund";
      orderId: string;
      paymentId: string;
      refundId: string | null;
      /** @description The payment's status (a refund row: the refund's) */
      status: string;
      chainId: number;
      tokenSymbol: string;
      tokenAddress: string;
      /** @description What the payer paid, fee included; a refund: what went back */
      gross: string;
      /** @description Kassa's fee, sent to the treasury; 0 for a refund */
      fee: string;
      /** @description gross - fee: what reached the merchant's wallet; a refund: what left it (0 when another wallet than the payment's recipient sent it) */
      net: string;
      payerAddress: string | null;
      /** @description The transaction that settled the payment (its pay event; paid by transfer, the payer's last transfer of it), or the refund's */
      txHash: string | null;
      /** @description The block of txHash */
      blockNumber: string | null;
      /** @description How the payment was paid (a refund row: its payment's) */
      paidVia: ("contract" | "transfer") | null;
      /** @description Paid by transfer: the sweep that moved the money from the deposit address to the merchant's wallet; null before it, and for other rows */
      sweepTxHash: string | null;
      /** @description The block of sweepTxHash: where a block range counts a payment by transfer */
      sweepBlockNumber: string | null;
      /** @description When Kassa recorded the movement final (ISO 8601) */
      time: string;
      /** @description The fiat currency the payment was priced in, if any */
      currency: string | null;
      fiatAmount: string | null;
      /** @description Price of one token in `currency` when the payment was created */
      tokenPrice: string | null;
      /** @description A refund row: the wallet that sent the refund; null on a payment row */
      senderAddress: string | null;
    };
    ExportRowInput: {
      /** @enum {string} */
      type: "payment" | "refund";
      orderId: string;
      paymentId: string;
      refundId: string | null;
      /** @description The payment's status (a refund row: the refund's) */
      status: string;
      chainId: number;
      tokenSymbol: string;
      tokenAddress: string;
      /** @description What the payer paid, fee included; a refund: what went back */
      gross: string;
      /** @description Kassa's fee, sent to the treasury; 0 for a refund */
      fee: string;
      /** @description gross - fee: what reached the merchant's wallet; a refund: what left it (0 when another wallet than the payment's recipient sent it) */
      net: string;
      payerAddress: string | null;
      /** @description The transaction that settled the payment (its pay event; paid by transfer, the payer's last transfer of it), or the refund's */
      txHash: string | null;
      /** @description The block of txHash */
      blockNumber: string | null;
      /** @description How the payment was paid (a refund row: its payment's) */
      paidVia: ("contract" | "transfer") | null;
      /** @description Paid by transfer: the sweep that moved the money from the deposit address to the merchant's wallet; null before it, and for other rows */
      sweepTxHash: string | null;
      /** @description The block of sweepTxHash: where a block range counts a payment by transfer */
      sweepBlockNumber: string | null;
      /** @description When Kassa recorded the movement final (ISO 8601) */
      time: string;
      /** @description The fiat currency the payment was priced in, if any */
      currency: string | null;
      fiatAmount: string | null;
      /** @description Price of one token in `currency` when the payment was created */
      tokenPrice: string | null;
      /** @description A refund row: the wallet that sent the refund; null on a payment row */
      senderAddress: string | null;
    };
    /**
     * @example {
     *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *       "amount": "30000000000000",
     *       "chainId": 8453
     *     }
     */
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
    /**
     * @example {
     *       "needsGas": true,
     *       "hasEnoughTokenBalance": true,
     *       "alreadyGranted": false,
     *       "canReceiveGas": true
     *     }
     */
    GasStatus: {
      /** @description The native balance is below the estimated approve cost */
      needsGas: boolean;
      /** @description The wallet holds at least the payment amount */
      hasEnoughTokenBalance: boolean;
      /** @description The wallet already received a grant on this chain */
      alreadyGranted: boolean;
      /** @description needsGas && !alreadyGranted && hasEnoughTokenBalance, the wallet is not a contract, and today's faucet budgets (the chain's, the merchant's) have room for the grant */
      canReceiveGas: boolean;
    };
    GasStatusInput: {
      /** @description The native balance is below the estimated approve cost */
      needsGas: boolean;
      /** @description The wallet holds at least the payment amount */
      hasEnoughTokenBalance: boolean;
      /** @description The wallet already received a grant on this chain */
      alreadyGranted: boolean;
      /** @description needsGas && !alreadyGranted && hasEnoughTokenBalance, the wallet is not a contract, and today's faucet budgets (the chain's, the merchant's) have room for the grant */
      canReceiveGas: boolean;
    };
    /**
     * @example {
     *       "id": 7,
     *       "merchant_key": "acme-coffee",
     *       "merchant_id": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "name": "Acme Coffee",
     *       "chain_id": 1,
     *       "chain": {
     *         "id": 1,
     *         "network_id": 8453,
     *         "name": "Base",
     *         "is_testnet": false
     *       },
     *       "recipient_address": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
     *       "webhook_url": "https://shop.acme-coffee.example/webhooks/kassa",
     *       "public_key": "pk_live_5f8a2c9e1b7d4f6a3c0e8b2d",
     *       "faucet_enabled": true,
     *       "is_enabled": true,
     *       "created_at": "2026-11-02T09:12:41.000Z",
     *       "updated_at": "2026-11-02T09:14:03.000Z",
     *       "payment_methods": [
     *         {
     *           "id": 1,
     *           "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *           "symbol": "USDC",
     *           "decimals": 6,
     *           "permit_supported": true,
     *           "is_enabled": true,
     *           "created_at": "2026-11-02T09:14:03.000Z",
     *           "updated_at": "2026-11-02T09:14:03.000Z"
     *         }
     *       ]
     *     }
     */
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
    /**
     * @example {
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "PAID",
     *       "amount": "25000000",
     *       "chainId": 8453,
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "tokenSymbol": "USDC",
     *       "tokenDecimals": 6,
     *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
     *       "recipientAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
     *       "currency": "KRW",
     *       "fiatAmount": 35000,
     *       "tokenPrice": 1400,
     *       "createdAt": "2026-11-23T06:05:00.000Z",
     *       "confirmedAt": "2026-11-23T06:06:12.000Z",
     *       "expiresAt": "2026-11-23T06:10:00.000Z",
     *       "reorgedAt": null,
     *       "reorgedTxHash": null,
     *       "paidAfterExpiry": false,
     *       "statusReason": null,
     *       "seenTxHash": null,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "depositAddress": "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B",
     *       "transferAmount": "25",
     *       "transferUri": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B&uint256=25000000",
     *       "transferExpiresAt": "2026-11-23T07:05:00.000Z",
     *       "depositMinimumAmount": "25000000",
     *       "amountReceived": "0",
     *       "overpaidAmount": "0",
     *       "paidVia": "contract",
     *       "sweptAt": null,
     *       "sweepTransactionHash": null,
     *       "fundsAtRecipient": true
     *     }
     */
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
      /** @description The wallet the payment pays (the merchant's recipient when it was created); its refunds are sent from it */
      recipientAddress: string;
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
      /** @description While CREATED: a pay transaction Kassa has seen mined, waiting for its block to be final for the chain; the payment does not expire meanwhile (for up to an hour from when it was seen). Null otherwise */
      seenTxHash: string | null;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) its completed refunds sent back; PAID with a non-zero amount is partly refunded, REFUNDED is all of it */
      refundedAmount: string;
      /** @description The payment's own deposit address (EIP-55): a plain ERC-20 transfer of the token to it pays the payment. Null when the gateway's fee could not be read at creation */
      depositAddress: string | null;
      /** @description The exact amount to transfer, in token units (decimal, e.g. 25.5); null without a deposit address */
      transferAmount: string | null;
      /** @description EIP-681 request of that transfer: ethereum:<token>@<chainId>/transfer?address=<deposit>&uint256=<amount> */
      transferUri: string | null;
      /** @description End of the transfer window (ISO 8601; the merchant's setting, 60 minutes by default), later than expiresAt on purpose: exchange withdrawals take minutes to hours. A transfer after it is late and follows the merchant's late policy */
      transferExpiresAt: string | null;
      /** @description The least that settles the payment by transfer (the amount less the merchant's tolerance) */
      depositMinimumAmount: string | null;
      /** @description What final transfers of the payment's token brought to its deposit address */
      amountReceived: string;
      /** @description What of amountReceived the payment does not take from its deposit address (beyond the amount, or beyond what its sweep took): returnable to the sender */
      overpaidAmount: string;
      /** @description How it was paid: contract (pay() or a relayed call) or transfer (to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Paid by transfer: when Kassa's relayer swept the deposit address to the recipient and the treasury (ISO 8601; the sweep's transaction final); null before */
      sweptAt: string | null;
      /** @description The sweep's transaction (sweepDeposit, or sweepDeposits for a batch); null before the sweep */
      sweepTransactionHash: string | null;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept), not before. A merchant who ships on money received waits for true */
      fundsAtRecipient: boolean;
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
      /** @description The wallet the payment pays (the merchant's recipient when it was created); its refunds are sent from it */
      recipientAddress: string;
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
      /** @description While CREATED: a pay transaction Kassa has seen mined, waiting for its block to be final for the chain; the payment does not expire meanwhile (for up to an hour from when it was seen). Null otherwise */
      seenTxHash: string | null;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) its completed refunds sent back; PAID with a non-zero amount is partly refunded, REFUNDED is all of it */
      refundedAmount: string;
      /** @description The payment's own deposit address (EIP-55): a plain ERC-20 transfer of the token to it pays the payment. Null when the gateway's fee could not be read at creation */
      depositAddress: string | null;
      /** @description The exact amount to transfer, in token units (decimal, e.g. 25.5); null without a deposit address */
      transferAmount: string | null;
      /** @description EIP-681 request of that transfer: ethereum:<token>@<chainId>/transfer?address=<deposit>&uint256=<amount> */
      transferUri: string | null;
      /** @description End of the transfer window (ISO 8601; the merchant's setting, 60 minutes by default), later than expiresAt on purpose: exchange withdrawals take minutes to hours. A transfer after it is late and follows the merchant's late policy */
      transferExpiresAt: string | null;
      /** @description The least that settles the payment by transfer (the amount less the merchant's tolerance) */
      depositMinimumAmount: string | null;
      /** @description What final transfers of the payment's token brought to its deposit address */
      amountReceived: string;
      /** @description What of amountReceived the payment does not take from its deposit address (beyond the amount, or beyond what its sweep took): returnable to the sender */
      overpaidAmount: string;
      /** @description How it was paid: contract (pay() or a relayed call) or transfer (to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Paid by transfer: when Kassa's relayer swept the deposit address to the recipient and the treasury (ISO 8601; the sweep's transaction final); null before */
      sweptAt: string | null;
      /** @description The sweep's transaction (sweepDeposit, or sweepDeposits for a batch); null before the sweep */
      sweepTransactionHash: string | null;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept), not before. A merchant who ships on money received waits for true */
      fundsAtRecipient: boolean;
    };
    /**
     * @example {
     *       "id": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
     *       "subscriptionId": "0x9c1f6b2e4d8a0c3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c",
     *       "orderId": "plan-pro-7731",
     *       "description": "Acme Coffee Pro, monthly",
     *       "status": "ACTIVE",
     *       "url": "https://pay.acme-coffee.example/subscribe/sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
     *       "returnUrl": "https://acme-coffee.example/account",
     *       "chainId": 8453,
     *       "gatewayAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "tokenSymbol": "USDC",
     *       "tokenDecimals": 6,
     *       "amount": "10000000",
     *       "variableAmount": false,
     *       "currency": null,
     *       "fiatAmount": null,
     *       "periodSeconds": 2592000,
     *       "charges": 12,
     *       "startsAt": 1795737600,
     *       "recipientAddress": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
     *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
     *       "usePermit2": false,
     *       "digest": "0x3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c9c1f6b2e4d8a0c",
     *       "nextPeriod": 1,
     *       "nextChargeAt": "2026-12-26T06:00:00.000Z",
     *       "failedAttempts": 0,
     *       "retrySchedule": [
     *         3600,
     *         21600,
     *         86400,
     *         259200
     *       ],
     *       "onFailure": "PAST_DUE",
     *       "lastError": null,
     *       "canceledBy": null,
     *       "canceledAt": null,
     *       "createdAt": "2026-11-26T05:58:00.000Z",
     *       "chargesMade": [
     *         {
     *           "period": 0,
     *           "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *           "status": "PAID",
     *           "amount": "10000000",
     *           "tokenPrice": null,
     *           "txHash": "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
     *           "paidAt": "2026-11-26T06:00:04.000Z"
     *         }
     *       ],
     *       "merchantName": "Acme Coffee"
     *     }
     */
    PayerSubscription: {
      /** @description sub_ id */
      id: string;
      /** @description bytes32: the schedule's `subscriptionId`, which the gateway's events carry */
      subscriptionId: string;
      orderId: string;
      description: string | null;
      /**
       * @description PENDING until the payer signs; ACTIVE; PAST_DUE while the payer's allowance falls short of a charge (retried; ACTIVE again once a charge goes through) or after a period's charge failed every retry (later periods are still charged); CANCELED; COMPLETED after the last charge
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description The hosted subscribe page (null without PUBLIC_BASE_URL) */
      url: string | null;
      /** @description Your page the subscribe page links back to once subscribed */
      returnUrl: string | null;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description The gateway whose EIP-712 domain the schedule is signed on */
      gatewayAddress: string;
      /** @description bytes32 merchant id, a field of the schedule */
      merchantId: string;
      tokenAddress: string;
      tokenSymbol: string;
      tokenDecimals: number;
      /** @description Charged each period, fee included (base units); for a fiat plan, the most one charge may take (signed by the payer) */
      amount: string;
      /** @description A fiat plan: each charge is `fiatAmount` converted at the time, at most `amount` */
      variableAmount: boolean;
      /** @description A fiat plan's currency (ISO 4217); null for a token price */
      currency: string | null;
      /** @description A fiat plan's price per period, in `currency` */
      fiatAmount: string | null;
      /** @description Seconds between charges */
      periodSeconds: number;
      /** @description Number of charges */
      charges: number;
      /** @description Unix seconds at which charge 0 opens; null until the payer signs when the merchant gave none */
      startsAt: number | null;
      recipientAddress: string;
      payerAddress: string | null;
      /** @description Charges are taken through the payer's Permit2 allowance */
      usePermit2: boolean;
      /** @description The schedule's EIP-712 digest (its key on-chain) once signed */
      digest: string | null;
      /** @description The next period to charge */
      nextPeriod: number;
      /** @description When the next charge (or retry) is due */
      nextChargeAt: string | null;
      /** @description Failed attempts of the next period's charge */
      failedAttempts: number;
      /** @description Seconds after each failed attempt before the next */
      retrySchedule: number[];
      /**
       * @description What a charge failing every retry leads to
       * @enum {string}
       */
      onFailure: "PAST_DUE" | "CANCELED";
      lastError: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      canceledAt: string | null;
      createdAt: string;
      /** @description Its charges, newest period first */
      chargesMade: components["schemas"]["SubscriptionCharge"][];
      /** @description The merchant the subscription pays */
      merchantName: string;
    };
    PayerSubscriptionInput: {
      /** @description sub_ id */
      id: string;
      /** @description bytes32: the schedule's `subscriptionId`, which the gateway's events carry */
      subscriptionId: string;
      orderId: string;
      description: string | null;
      /**
       * @description PENDING until the payer signs; ACTIVE; PAST_DUE while the payer's allowance falls short of a charge (retried; ACTIVE again once a charge goes through) or after a period's charge failed every retry (later periods are still charged); CANCELED; COMPLETED after the last charge
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description The hosted subscribe page (null without PUBLIC_BASE_URL) */
      url: string | null;
      /** @description Your page the subscribe page links back to once subscribed */
      returnUrl: string | null;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description The gateway whose EIP-712 domain the schedule is signed on */
      gatewayAddress: string;
      /** @description bytes32 merchant id, a field of the schedule */
      merchantId: string;
      tokenAddress: string;
      tokenSymbol: string;
      tokenDecimals: number;
      /** @description Charged each period, fee included (base units); for a fiat plan, the most one charge may take (signed by the payer) */
      amount: string;
      /** @description A fiat plan: each charge is `fiatAmount` converted at the time, at most `amount` */
      variableAmount: boolean;
      /** @description A fiat plan's currency (ISO 4217); null for a token price */
      currency: string | null;
      /** @description A fiat plan's price per period, in `currency` */
      fiatAmount: string | null;
      /** @description Seconds between charges */
      periodSeconds: number;
      /** @description Number of charges */
      charges: number;
      /** @description Unix seconds at which charge 0 opens; null until the payer signs when the merchant gave none */
      startsAt: number | null;
      recipientAddress: string;
      payerAddress: string | null;
      /** @description Charges are taken through the payer's Permit2 allowance */
      usePermit2: boolean;
      /** @description The schedule's EIP-712 digest (its key on-chain) once signed */
      digest: string | null;
      /** @description The next period to charge */
      nextPeriod: number;
      /** @description When the next charge (or retry) is due */
      nextChargeAt: string | null;
      /** @description Failed attempts of the next period's charge */
      failedAttempts: number;
      /** @description Seconds after each failed attempt before the next */
      retrySchedule: number[];
      /**
       * @description What a charge failing every retry leads to
       * @enum {string}
       */
      onFailure: "PAST_DUE" | "CANCELED";
      lastError: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      canceledAt: string | null;
      createdAt: string;
      /** @description Its charges, newest period first */
      chargesMade: components["schemas"]["SubscriptionChargeInput"][];
      /** @description The merchant the subscription pays */
      merchantName: string;
    };
    /**
     * @example {
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "chainId": 8453,
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "tokenSymbol": "USDC",
     *       "tokenDecimals": 6,
     *       "tokenPermitSupported": true,
     *       "isFaucetEnabled": true,
     *       "gatewayAddress": "0xff89e1cF989dD683d61dc611F667f876bd8e3bc5",
     *       "forwarderAddress": "0xe2F8B2DF52D82224D4b309CA60018294767ABe24",
     *       "amount": "25000000",
     *       "recipientAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "deadline": "1795426200",
     *       "successUrl": "https://shop.acme-coffee.example/orders/10482/paid",
     *       "failUrl": "https://shop.acme-coffee.example/orders/10482",
     *       "expiresAt": "2026-11-23T06:10:00.000Z",
     *       "currency": "KRW",
     *       "fiatAmount": 35000,
     *       "tokenPrice": 1400,
     *       "serverSignature": "0x3f1c2a8e5b7d4c6f9a0b1e2d3c4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b1c",
     *       "depositAddress": "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B",
     *       "transferAmount": "25",
     *       "transferUri": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B&uint256=25000000",
     *       "transferExpiresAt": "2026-11-23T07:05:00.000Z",
     *       "depositMinimumAmount": "25000000",
     *       "amountReceived": "0",
     *       "overpaidAmount": "0",
     *       "paidVia": "contract",
     *       "sweptAt": null,
     *       "sweepTransactionHash": null,
     *       "fundsAtRecipient": true,
     *       "status": "PAID",
     *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
     *       "createdAt": "2026-11-23T06:05:00.000Z",
     *       "merchantName": "Acme Coffee",
     *       "seenTxHash": null
     *     }
     */
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
      /** @description EIP-712 PaymentRequest signature of the Kassa signer, argument of pay(); null once the payment is no longer CREATED (expired, withdrawn, settled): it takes no payment then */
      serverSignature: string | null;
      /** @description The payment's own deposit address (EIP-55): a plain ERC-20 transfer of the token to it pays the payment. Null when the gateway's fee could not be read at creation */
      depositAddress: string | null;
      /** @description The exact amount to transfer, in token units (decimal, e.g. 25.5); null without a deposit address */
      transferAmount: string | null;
      /** @description EIP-681 request of that transfer: ethereum:<token>@<chainId>/transfer?address=<deposit>&uint256=<amount> */
      transferUri: string | null;
      /** @description End of the transfer window (ISO 8601; the merchant's setting, 60 minutes by default), later than expiresAt on purpose: exchange withdrawals take minutes to hours. A transfer after it is late and follows the merchant's late policy */
      transferExpiresAt: string | null;
      /** @description The least that settles the payment by transfer (the amount less the merchant's tolerance) */
      depositMinimumAmount: string | null;
      /** @description What final transfers of the payment's token brought to its deposit address */
      amountReceived: string;
      /** @description What of amountReceived the payment does not take from its deposit address (beyond the amount, or beyond what its sweep took): returnable to the sender */
      overpaidAmount: string;
      /** @description How it was paid: contract (pay() or a relayed call) or transfer (to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Paid by transfer: when Kassa's relayer swept the deposit address to the recipient and the treasury (ISO 8601; the sweep's transaction final); null before */
      sweptAt: string | null;
      /** @description The sweep's transaction (sweepDeposit, or sweepDeposits for a batch); null before the sweep */
      sweepTransactionHash: string | null;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept), not before. A merchant who ships on money received waits for true */
      fundsAtRecipient: boolean;
      /** @enum {string} */
      status: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
      txHash: string | null;
      payerAddress: string | null;
      /** @description ISO 8601 date-time */
      createdAt: string;
      /** @description The merchant's display name, shown to the payer by the widget */
      merchantName: string;
      /** @description While CREATED: a pay transaction Kassa has seen mined, waiting for its block to be final for the chain; the payment does not expire meanwhile (for up to an hour from when it was seen). Null otherwise */
      seenTxHash: string | null;
    };
    /**
     * @description A return from the payment's deposit address was mined: an overpayment's excess, a late deposit, or another token or native coin. The payment's status does not change.
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "createdAt": "2026-11-23T06:30:00.000Z",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "PAID",
     *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *       "amount": "25000000",
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "chainId": 8453,
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
     *       "paidAt": "2026-11-23T06:06:12.000Z",
     *       "paidAfterExpiry": false,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "paidVia": "transfer",
     *       "amountReceived": "25000000",
     *       "overpaidAmount": "1000000",
     *       "fundsAtRecipient": false,
     *       "type": "payment.deposit_returned",
     *       "depositReturn": {
     *         "returnId": "0x5d0c7c1b9e2f4a6d8b3e1f0a2c4d6e8f1a3b5c7d9e0f2a4b0000000000000009",
     *         "kind": "excess",
     *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *         "to": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
     *         "amount": "1000000",
     *         "txHash": "0x4f1d0c2b7a9e3d5c8b1f0e2a4c6d8b0f3e5a7c9d1b3f5e7a9c0d2b4f6e8a0c1d"
     *       }
     *     }
     */
    PaymentDepositReturnedEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.deposit_returned";
      /**
       * @description The payment's status right after the event
       * @enum {string}
       */
      status: "CREATED" | "EXPIRED" | "FAILED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED";
      /** @description The return: what went back from the deposit address, to whom, in which transaction */
      depositReturn: {
        returnId: string;
        /** @enum {string} */
        kind: "excess" | "late" | "recovery";
        /** @description The token returned; the zero address for native coin */
        tokenAddress: string;
        /** @description EIP-55 checksummed address */
        to: string;
        /** @description Token amount in base units (wei) */
        amount: string;
        txHash: string;
      };
    };
    /** @description A return from the payment's deposit address was mined: an overpayment's excess, a late deposit, or another token or native coin. The payment's status does not change. */
    PaymentDepositReturnedEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.deposit_returned";
      /**
       * @description The payment's status right after the event
       * @enum {string}
       */
      status: "CREATED" | "EXPIRED" | "FAILED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED";
      /** @description The return: what went back from the deposit address, to whom, in which transaction */
      depositReturn: {
        returnId: string;
        /** @enum {string} */
        kind: "excess" | "late" | "recovery";
        /** @description The token returned; the zero address for native coin */
        tokenAddress: string;
        /** @description EIP-55 checksummed address */
        to: string;
        /** @description Token amount in base units (wei) */
        amount: string;
        txHash: string;
      };
    };
    /**
     * @description The payment was not paid before it expired (EXPIRED). Money arriving later still settles it (payment.paid with paidAfterExpiry).
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "createdAt": "2026-11-23T06:10:00.000Z",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "EXPIRED",
     *       "txHash": null,
     *       "amount": "25000000",
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "chainId": 8453,
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "payerAddress": null,
     *       "paidAt": null,
     *       "paidAfterExpiry": false,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "paidVia": null,
     *       "amountReceived": "0",
     *       "overpaidAmount": "0",
     *       "fundsAtRecipient": false,
     *       "type": "payment.expired"
     *     }
     */
    PaymentExpiredEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.expired";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "EXPIRED";
    };
    /** @description The payment was not paid before it expired (EXPIRED). Money arriving later still settles it (payment.paid with paidAfterExpiry). */
    PaymentExpiredEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.expired";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "EXPIRED";
    };
    /**
     * @description The payment's transaction reverted, e.g. a gasless relay (FAILED).
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "createdAt": "2026-11-23T06:06:12.000Z",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "FAILED",
     *       "txHash": null,
     *       "amount": "25000000",
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "chainId": 8453,
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "payerAddress": null,
     *       "paidAt": null,
     *       "paidAfterExpiry": false,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "paidVia": null,
     *       "amountReceived": "0",
     *       "overpaidAmount": "0",
     *       "fundsAtRecipient": false,
     *       "type": "payment.failed",
     *       "reason": "relayed transaction reverted"
     *     }
     */
    PaymentFailedEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.failed";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "FAILED";
      /** @description Why the payment is INVALID or FAILED */
      reason?: string;
    };
    /** @description The payment's transaction reverted, e.g. a gasless relay (FAILED). */
    PaymentFailedEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.failed";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "FAILED";
      /** @description Why the payment is INVALID or FAILED */
      reason?: string;
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
      /** @description EIP-712 PaymentRequest signature of the Kassa signer, argument of pay(); null once the payment is no longer CREATED (expired, withdrawn, settled): it takes no payment then */
      serverSignature: string | null;
      /** @description The payment's own deposit address (EIP-55): a plain ERC-20 transfer of the token to it pays the payment. Null when the gateway's fee could not be read at creation */
      depositAddress: string | null;
      /** @description The exact amount to transfer, in token units (decimal, e.g. 25.5); null without a deposit address */
      transferAmount: string | null;
      /** @description EIP-681 request of that transfer: ethereum:<token>@<chainId>/transfer?address=<deposit>&uint256=<amount> */
      transferUri: string | null;
      /** @description End of the transfer window (ISO 8601; the merchant's setting, 60 minutes by default), later than expiresAt on purpose: exchange withdrawals take minutes to hours. A transfer after it is late and follows the merchant's late policy */
      transferExpiresAt: string | null;
      /** @description The least that settles the payment by transfer (the amount less the merchant's tolerance) */
      depositMinimumAmount: string | null;
      /** @description What final transfers of the payment's token brought to its deposit address */
      amountReceived: string;
      /** @description What of amountReceived the payment does not take from its deposit address (beyond the amount, or beyond what its sweep took): returnable to the sender */
      overpaidAmount: string;
      /** @description How it was paid: contract (pay() or a relayed call) or transfer (to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Paid by transfer: when Kassa's relayer swept the deposit address to the recipient and the treasury (ISO 8601; the sweep's transaction final); null before */
      sweptAt: string | null;
      /** @description The sweep's transaction (sweepDeposit, or sweepDeposits for a batch); null before the sweep */
      sweepTransactionHash: string | null;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept), not before. A merchant who ships on money received waits for true */
      fundsAtRecipient: boolean;
      /** @enum {string} */
      status: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
      txHash: string | null;
      payerAddress: string | null;
      /** @description ISO 8601 date-time */
      createdAt: string;
      /** @description The merchant's display name, shown to the payer by the widget */
      merchantName: string;
      /** @description While CREATED: a pay transaction Kassa has seen mined, waiting for its block to be final for the chain; the payment does not expire meanwhile (for up to an hour from when it was seen). Null otherwise */
      seenTxHash: string | null;
    };
    /**
     * @description A transaction paid the payment but does not match it (INVALID): amount, token, recipient, merchant, or a token that took a cut.
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "createdAt": "2026-11-23T06:06:12.000Z",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "INVALID",
     *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *       "amount": "25000000",
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "chainId": 8453,
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
     *       "paidAt": "2026-11-23T06:06:12.000Z",
     *       "paidAfterExpiry": false,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "paidVia": "contract",
     *       "amountReceived": "0",
     *       "overpaidAmount": "0",
     *       "fundsAtRecipient": true,
     *       "type": "payment.invalid",
     *       "reason": "paid 24000000 base units, 25000000 expected",
     *       "paid": {
     *         "amount": "24000000",
     *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *         "recipientAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
     *         "recipientReceived": "23760000"
     *       }
     *     }
     */
    PaymentInvalidEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.invalid";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "INVALID";
      /** @description Why the payment is INVALID or FAILED */
      reason?: string;
      /** @description What the transaction actually paid */
      paid: {
        /** @description What the transaction paid, fee included; `amount` is what was expected */
        amount: string;
        /** @description The token the transaction paid in */
        tokenAddress: string;
        /** @description The recipient the transaction paid */
        recipientAddress: string;
        /** @description What the recipient's balance gained, when the token's transfers were checked */
        recipientReceived: string | null;
      };
    };
    /** @description A transaction paid the payment but does not match it (INVALID): amount, token, recipient, merchant, or a token that took a cut. */
    PaymentInvalidEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.invalid";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "INVALID";
      /** @description Why the payment is INVALID or FAILED */
      reason?: string;
      /** @description What the transaction actually paid */
      paid: {
        /** @description What the transaction paid, fee included; `amount` is what was expected */
        amount: string;
        /** @description The token the transaction paid in */
        tokenAddress: string;
        /** @description The recipient the transaction paid */
        recipientAddress: string;
        /** @description What the recipient's balance gained, when the token's transfers were checked */
        recipientReceived: string | null;
      };
    };
    /**
     * @description A transfer reached the deposit address late: after the transfer window, under the merchant's late policy "return" (the payment stays open: it is recorded in amountReceived, not settled), or after the payment was settled (a payer paying twice, a top-up; overpaidAmount grows). Its money waits at the address for its return: POST /payments/{id}/return-excess while the payment is not swept, else the merchant's signed return (GET /payments/{id}/late-return).
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "createdAt": "2026-11-23T07:40:00.000Z",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "EXPIRED",
     *       "txHash": null,
     *       "amount": "25000000",
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "chainId": 8453,
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "payerAddress": null,
     *       "paidAt": null,
     *       "paidAfterExpiry": false,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "paidVia": null,
     *       "amountReceived": "25000000",
     *       "overpaidAmount": "0",
     *       "fundsAtRecipient": false,
     *       "type": "payment.late_deposit"
     *     }
     */
    PaymentLateDepositEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.late_deposit";
      /**
       * @description The payment's status right after the event
       * @enum {string}
       */
      status: "CREATED" | "EXPIRED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED";
    };
    /** @description A transfer reached the deposit address late: after the transfer window, under the merchant's late policy "return" (the payment stays open: it is recorded in amountReceived, not settled), or after the payment was settled (a payer paying twice, a top-up; overpaidAmount grows). Its money waits at the address for its return: POST /payments/{id}/return-excess while the payment is not swept, else the merchant's signed return (GET /payments/{id}/late-return). */
    PaymentLateDepositEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.late_deposit";
      /**
       * @description The payment's status right after the event
       * @enum {string}
       */
      status: "CREATED" | "EXPIRED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED";
    };
    /**
     * @example {
     *       "id": "pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
     *       "url": "https://pay.acme-coffee.example/pay/pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
     *       "title": "Espresso beans, 1 kg",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "tokenSymbol": "USDC",
     *       "amount": "35000",
     *       "currency": "KRW",
     *       "minAmount": null,
     *       "maxAmount": null,
     *       "successUrl": "https://shop.acme-coffee.example/thanks",
     *       "failUrl": "service:none",
     *       "expiresAt": null,
     *       "maxUses": 100,
     *       "uses": 12,
     *       "reserved": 2,
     *       "active": true,
     *       "available": true,
     *       "createdAt": "2026-11-23T06:00:00.000Z",
     *       "updatedAt": "2026-11-23T06:00:00.000Z"
     *     }
     */
    PaymentLink: {
      /** @description pl_ id */
      id: string;
      /** @description The hosted page to share: each payer who opens it pays a payment of their own */
      url: string;
      title: string;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description The fixed amount, or null when the payer types it */
      amount: string | null;
      /** @description With amount: a fiat amount converted when each payment starts */
      currency: string | null;
      minAmount: string | null;
      maxAmount: string | null;
      successUrl: string;
      failUrl: string;
      expiresAt: string | null;
      maxUses: number | null;
      /** @description Its payments that were paid */
      uses: number;
      /** @description Its payments started and not yet paid nor expired: each holds one of `maxUses` */
      reserved: number;
      active: boolean;
      /** @description Whether it takes a payment now: active, unexpired, `uses + reserved` below `maxUses` */
      available: boolean;
      createdAt: string;
      updatedAt: string;
    };
    PaymentLinkInput: {
      /** @description pl_ id */
      id: string;
      /** @description The hosted page to share: each payer who opens it pays a payment of their own */
      url: string;
      title: string;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description The fixed amount, or null when the payer types it */
      amount: string | null;
      /** @description With amount: a fiat amount converted when each payment starts */
      currency: string | null;
      minAmount: string | null;
      maxAmount: string | null;
      successUrl: string;
      failUrl: string;
      expiresAt: string | null;
      maxUses: number | null;
      /** @description Its payments that were paid */
      uses: number;
      /** @description Its payments started and not yet paid nor expired: each holds one of `maxUses` */
      reserved: number;
      active: boolean;
      /** @description Whether it takes a payment now: active, unexpired, `uses + reserved` below `maxUses` */
      available: boolean;
      createdAt: string;
      updatedAt: string;
    };
    /**
     * @example {
     *       "links": [
     *         {
     *           "id": "pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
     *           "url": "https://pay.acme-coffee.example/pay/pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
     *           "title": "Espresso beans, 1 kg",
     *           "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *           "tokenSymbol": "USDC",
     *           "amount": "35000",
     *           "currency": "KRW",
     *           "minAmount": null,
     *           "maxAmount": null,
     *           "successUrl": "https://shop.acme-coffee.example/thanks",
     *           "failUrl": "service:none",
     *           "expiresAt": null,
     *           "maxUses": 100,
     *           "uses": 12,
     *           "reserved": 2,
     *           "active": true,
     *           "available": true,
     *           "createdAt": "2026-11-23T06:00:00.000Z",
     *           "updatedAt": "2026-11-23T06:00:00.000Z"
     *         }
     *       ],
     *       "has_more": false
     *     }
     */
    PaymentLinkPage: {
      /** @description Newest first */
      links: components["schemas"]["PaymentLink"][];
      has_more: boolean;
    };
    PaymentLinkPageInput: {
      /** @description Newest first */
      links: components["schemas"]["PaymentLinkInput"][];
      has_more: boolean;
    };
    /**
     * @example {
     *       "id": 1,
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "symbol": "USDC",
     *       "decimals": 6,
     *       "permit_supported": true,
     *       "is_enabled": true,
     *       "created_at": "2026-11-02T09:14:03.000Z",
     *       "updated_at": "2026-11-02T09:14:03.000Z"
     *     }
     */
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
    /**
     * @description A payment was confirmed on-chain and is final for its chain (PAID).
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "createdAt": "2026-11-23T06:06:12.000Z",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "PAID",
     *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *       "amount": "25000000",
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "chainId": 8453,
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
     *       "paidAt": "2026-11-23T06:06:12.000Z",
     *       "paidAfterExpiry": false,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "paidVia": "contract",
     *       "amountReceived": "0",
     *       "overpaidAmount": "0",
     *       "fundsAtRecipient": true,
     *       "type": "payment.paid"
     *     }
     */
    PaymentPaidEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.paid";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "PAID";
    };
    /** @description A payment was confirmed on-chain and is final for its chain (PAID). */
    PaymentPaidEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.paid";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "PAID";
    };
    /**
     * @description A refund of the payment was confirmed on-chain: REFUNDED once its refunds sent back all it paid, PAID after a partial refund (see refundedAmount).
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "createdAt": "2026-11-23T07:21:30.000Z",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "REFUNDED",
     *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *       "amount": "25000000",
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "chainId": 8453,
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
     *       "paidAt": "2026-11-23T06:06:12.000Z",
     *       "paidAfterExpiry": false,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "paidVia": "contract",
     *       "amountReceived": "0",
     *       "overpaidAmount": "0",
     *       "fundsAtRecipient": true,
     *       "type": "payment.refunded",
     *       "refund": {
     *         "refundId": "rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a",
     *         "amount": "25000000",
     *         "txHash": "0xfc433284f43bac7604db01e357bff1b94026ffc4791e80cd44b7b8d30b073b3f",
     *         "senderAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
     *         "sentByRecipient": true
     *       }
     *     }
     */
    PaymentRefundedEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.refunded";
      /**
       * @description The payment's status right after the event
       * @enum {string}
       */
      status: "REFUNDED" | "PAID";
      /** @description The refund the event is about (a payment can have several, each a part of what it paid) */
      refund: {
        /** @description rf_ refund id */
        refundId: string;
        /** @description Base units (wei) sent back to the payer */
        amount: string;
        /** @description The refund transaction; null until it is confirmed */
        txHash: string | null;
        /** @description The wallet that sent the refund transaction; null until it is confirmed */
        senderAddress: string | null;
        /** @description false: a wallet other than the payment's recipient sent it with its own tokens (nothing left your wallet); null until it is confirmed */
        sentByRecipient: boolean | null;
      };
    };
    /** @description A refund of the payment was confirmed on-chain: REFUNDED once its refunds sent back all it paid, PAID after a partial refund (see refundedAmount). */
    PaymentRefundedEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.refunded";
      /**
       * @description The payment's status right after the event
       * @enum {string}
       */
      status: "REFUNDED" | "PAID";
      /** @description The refund the event is about (a payment can have several, each a part of what it paid) */
      refund: {
        /** @description rf_ refund id */
        refundId: string;
        /** @description Base units (wei) sent back to the payer */
        amount: string;
        /** @description The refund transaction; null until it is confirmed */
        txHash: string | null;
        /** @description The wallet that sent the refund transaction; null until it is confirmed */
        senderAddress: string | null;
        /** @description false: a wallet other than the payment's recipient sent it with its own tokens (nothing left your wallet); null until it is confirmed */
        sentByRecipient: boolean | null;
      };
    };
    /**
     * @description The refund was not sent before its deadline and can no longer be: the payment is PAID again.
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "createdAt": "2026-11-23T08:20:00.000Z",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "PAID",
     *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *       "amount": "25000000",
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "chainId": 8453,
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
     *       "paidAt": "2026-11-23T06:06:12.000Z",
     *       "paidAfterExpiry": false,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "paidVia": "contract",
     *       "amountReceived": "0",
     *       "overpaidAmount": "0",
     *       "fundsAtRecipient": true,
     *       "type": "payment.refund_expired",
     *       "refund": {
     *         "refundId": "rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a",
     *         "amount": "25000000",
     *         "txHash": null,
     *         "senderAddress": null,
     *         "sentByRecipient": null
     *       }
     *     }
     */
    PaymentRefundExpiredEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.refund_expired";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "PAID";
      /** @description The refund the event is about (a payment can have several, each a part of what it paid) */
      refund: {
        /** @description rf_ refund id */
        refundId: string;
        /** @description Base units (wei) sent back to the payer */
        amount: string;
        /** @description The refund transaction; null until it is confirmed */
        txHash: string | null;
        /** @description The wallet that sent the refund transaction; null until it is confirmed */
        senderAddress: string | null;
        /** @description false: a wallet other than the payment's recipient sent it with its own tokens (nothing left your wallet); null until it is confirmed */
        sentByRecipient: boolean | null;
      };
    };
    /** @description The refund was not sent before its deadline and can no longer be: the payment is PAID again. */
    PaymentRefundExpiredEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.refund_expired";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "PAID";
      /** @description The refund the event is about (a payment can have several, each a part of what it paid) */
      refund: {
        /** @description rf_ refund id */
        refundId: string;
        /** @description Base units (wei) sent back to the payer */
        amount: string;
        /** @description The refund transaction; null until it is confirmed */
        txHash: string | null;
        /** @description The wallet that sent the refund transaction; null until it is confirmed */
        senderAddress: string | null;
        /** @description false: a wallet other than the payment's recipient sent it with its own tokens (nothing left your wallet); null until it is confirmed */
        sentByRecipient: boolean | null;
      };
    };
    /**
     * @description A chain reorganisation removed the transaction of a confirmed refund: the payer did not get that money back after all, and it is no longer in refundedAmount. The refund is open again until its deadline (REFUND_SUBMITTED: its transaction can be sent again), or past it the payment is PAID again and a new refund can be requested.
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "createdAt": "2026-11-23T07:24:10.000Z",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "REFUND_SUBMITTED",
     *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *       "amount": "25000000",
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "chainId": 8453,
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
     *       "paidAt": "2026-11-23T06:06:12.000Z",
     *       "paidAfterExpiry": false,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "paidVia": "contract",
     *       "amountReceived": "0",
     *       "overpaidAmount": "0",
     *       "fundsAtRecipient": true,
     *       "type": "payment.refund_reorged",
     *       "refund": {
     *         "refundId": "rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a",
     *         "amount": "25000000",
     *         "txHash": null,
     *         "senderAddress": null,
     *         "sentByRecipient": null
     *       },
     *       "reorged": {
     *         "txHash": "0x9d0c6e3b1a7f52c4e8b06d19f3a2c5e7b4d8f01a6c3e9b2d5f7a0c4e8b1d3f62",
     *         "blockNumber": 22841960,
     *         "blockHash": "0x2e7a9c4f1b8d3e60a5c2f7b9d1e4a8c3f6b0d2e9a7c5f1b3d8e4a6c0f2b9d7e1"
     *       }
     *     }
     */
    PaymentRefundReorgedEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.refund_reorged";
      /**
       * @description The payment's status right after the event
       * @enum {string}
       */
      status: "REFUND_SUBMITTED" | "PAID";
      /** @description The refund the event is about (a payment can have several, each a part of what it paid) */
      refund: {
        /** @description rf_ refund id */
        refundId: string;
        /** @description Base units (wei) sent back to the payer */
        amount: string;
        /** @description The refund transaction; null until it is confirmed */
        txHash: string | null;
        /** @description The wallet that sent the refund transaction; null until it is confirmed */
        senderAddress: string | null;
        /** @description false: a wallet other than the payment's recipient sent it with its own tokens (nothing left your wallet); null until it is confirmed */
        sentByRecipient: boolean | null;
      };
      /** @description The refund transaction a chain reorganisation removed, and the block it had been in */
      reorged: {
        txHash: string;
        blockNumber: number;
        blockHash: string;
      };
    };
    /** @description A chain reorganisation removed the transaction of a confirmed refund: the payer did not get that money back after all, and it is no longer in refundedAmount. The refund is open again until its deadline (REFUND_SUBMITTED: its transaction can be sent again), or past it the payment is PAID again and a new refund can be requested. */
    PaymentRefundReorgedEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.refund_reorged";
      /**
       * @description The payment's status right after the event
       * @enum {string}
       */
      status: "REFUND_SUBMITTED" | "PAID";
      /** @description The refund the event is about (a payment can have several, each a part of what it paid) */
      refund: {
        /** @description rf_ refund id */
        refundId: string;
        /** @description Base units (wei) sent back to the payer */
        amount: string;
        /** @description The refund transaction; null until it is confirmed */
        txHash: string | null;
        /** @description The wallet that sent the refund transaction; null until it is confirmed */
        senderAddress: string | null;
        /** @description false: a wallet other than the payment's recipient sent it with its own tokens (nothing left your wallet); null until it is confirmed */
        sentByRecipient: boolean | null;
      };
      /** @description The refund transaction a chain reorganisation removed, and the block it had been in */
      reorged: {
        txHash: string;
        blockNumber: number;
        blockHash: string;
      };
    };
    /**
     * @description A refund was requested (REFUND_SUBMITTED); the merchant's wallet must send its transaction before the refund's deadline.
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "createdAt": "2026-11-23T07:20:00.000Z",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "REFUND_SUBMITTED",
     *       "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *       "amount": "25000000",
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "chainId": 8453,
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
     *       "paidAt": "2026-11-23T06:06:12.000Z",
     *       "paidAfterExpiry": false,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "paidVia": "contract",
     *       "amountReceived": "0",
     *       "overpaidAmount": "0",
     *       "fundsAtRecipient": true,
     *       "type": "payment.refund_submitted",
     *       "refund": {
     *         "refundId": "rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a",
     *         "amount": "25000000",
     *         "txHash": null,
     *         "senderAddress": null,
     *         "sentByRecipient": null
     *       }
     *     }
     */
    PaymentRefundSubmittedEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.refund_submitted";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "REFUND_SUBMITTED";
      /** @description The refund the event is about (a payment can have several, each a part of what it paid) */
      refund: {
        /** @description rf_ refund id */
        refundId: string;
        /** @description Base units (wei) sent back to the payer */
        amount: string;
        /** @description The refund transaction; null until it is confirmed */
        txHash: string | null;
        /** @description The wallet that sent the refund transaction; null until it is confirmed */
        senderAddress: string | null;
        /** @description false: a wallet other than the payment's recipient sent it with its own tokens (nothing left your wallet); null until it is confirmed */
        sentByRecipient: boolean | null;
      };
    };
    /** @description A refund was requested (REFUND_SUBMITTED); the merchant's wallet must send its transaction before the refund's deadline. */
    PaymentRefundSubmittedEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.refund_submitted";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "REFUND_SUBMITTED";
      /** @description The refund the event is about (a payment can have several, each a part of what it paid) */
      refund: {
        /** @description rf_ refund id */
        refundId: string;
        /** @description Base units (wei) sent back to the payer */
        amount: string;
        /** @description The refund transaction; null until it is confirmed */
        txHash: string | null;
        /** @description The wallet that sent the refund transaction; null until it is confirmed */
        senderAddress: string | null;
        /** @description false: a wallet other than the payment's recipient sent it with its own tokens (nothing left your wallet); null until it is confirmed */
        sentByRecipient: boolean | null;
      };
    };
    /**
     * @description A chain reorganisation removed the transaction that had paid the payment: it is CREATED again and can be paid again. Whatever the payment had become (PAID, INVALID, refunded in part or in full), its refunds are undone with it (refundedAmount is 0).
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "createdAt": "2026-11-23T06:06:40.000Z",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "CREATED",
     *       "txHash": null,
     *       "amount": "25000000",
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "chainId": 8453,
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "payerAddress": null,
     *       "paidAt": null,
     *       "paidAfterExpiry": false,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "paidVia": null,
     *       "amountReceived": "0",
     *       "overpaidAmount": "0",
     *       "fundsAtRecipient": false,
     *       "type": "payment.reorged",
     *       "reorged": {
     *         "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *         "blockNumber": 22841907,
     *         "blockHash": "0xfc433284f43bac7604db01e357bff1b94026ffc4791e80cd44b7b8d30b073b3f"
     *       }
     *     }
     */
    PaymentReorgedEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.reorged";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "CREATED";
      /** @description The paying transaction a chain reorganisation removed, and the block it had been in */
      reorged: {
        txHash: string;
        blockNumber: number;
        blockHash: string;
      };
    };
    /** @description A chain reorganisation removed the transaction that had paid the payment: it is CREATED again and can be paid again. Whatever the payment had become (PAID, INVALID, refunded in part or in full), its refunds are undone with it (refundedAmount is 0). */
    PaymentReorgedEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.reorged";
      /**
       * @description The payment's status right after the event
       * @constant
       */
      status: "CREATED";
      /** @description The paying transaction a chain reorganisation removed, and the block it had been in */
      reorged: {
        txHash: string;
        blockNumber: number;
        blockHash: string;
      };
    };
    /**
     * @description The money of a payment paid by transfer reached the recipient's wallet: its deposit address was swept, the amount less the fee to the recipient and the fee to the treasury (fundsAtRecipient is true from now on). payment.paid comes first, when the transfer is final; this event when the sweep is, usually within a minute or two. A reorganisation deeper than the chain's finality that removes the sweep makes fundsAtRecipient false again until the deposit is swept again, which sends this event again with its new transaction.
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "createdAt": "2026-11-23T06:07:30.000Z",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "PAID",
     *       "txHash": "0x8e2a4c6d8b0f3e5a7c9d1b3f5e7a9c0d2b4f6e8a0c1d4f1d0c2b7a9e3d5c8b1f",
     *       "amount": "25000000",
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "chainId": 8453,
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
     *       "paidAt": "2026-11-23T06:06:12.000Z",
     *       "paidAfterExpiry": false,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "paidVia": "transfer",
     *       "amountReceived": "25000000",
     *       "overpaidAmount": "0",
     *       "fundsAtRecipient": true,
     *       "type": "payment.swept",
     *       "sweep": {
     *         "txHash": "0x3c5e7a9b1d2f4a6c8e0b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c",
     *         "blockNumber": 22841912,
     *         "amount": "25000000",
     *         "fee": "250000",
     *         "recipientReceived": "24750000",
     *         "recipientAddress": "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115"
     *       }
     *     }
     */
    PaymentSweptEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.swept";
      /**
       * @description The payment's status right after the event
       * @enum {string}
       */
      status: "PAID" | "REFUND_SUBMITTED" | "REFUNDED";
      /** @description The sweep: what moved from the deposit address to the recipient's wallet, in which transaction */
      sweep: {
        /** @description The sweep's transaction (whoever sent it) */
        txHash: string;
        /** @description Its block, final for the chain */
        blockNumber: number;
        /** @description What left the deposit address, fee included (at most the payment's amount) */
        amount: string;
        /** @description What of it went to the treasury */
        fee: string;
        /** @description amount - fee: what reached the recipient's wallet */
        recipientReceived: string;
        /** @description EIP-55 checksummed address */
        recipientAddress: string;
      };
    };
    /** @description The money of a payment paid by transfer reached the recipient's wallet: its deposit address was swept, the amount less the fee to the recipient and the fee to the treasury (fundsAtRecipient is true from now on). payment.paid comes first, when the transfer is final; this event when the sweep is, usually within a minute or two. A reorganisation deeper than the chain's finality that removes the sweep makes fundsAtRecipient false again until the deposit is swept again, which sends this event again with its new transaction. */
    PaymentSweptEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.swept";
      /**
       * @description The payment's status right after the event
       * @enum {string}
       */
      status: "PAID" | "REFUND_SUBMITTED" | "REFUNDED";
      /** @description The sweep: what moved from the deposit address to the recipient's wallet, in which transaction */
      sweep: {
        /** @description The sweep's transaction (whoever sent it) */
        txHash: string;
        /** @description Its block, final for the chain */
        blockNumber: number;
        /** @description What left the deposit address, fee included (at most the payment's amount) */
        amount: string;
        /** @description What of it went to the treasury */
        fee: string;
        /** @description amount - fee: what reached the recipient's wallet */
        recipientReceived: string;
        /** @description EIP-55 checksummed address */
        recipientAddress: string;
      };
    };
    /**
     * @example {
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "status": "PAID",
     *       "amounts": {
     *         "gross": "25000000",
     *         "fee": "250000",
     *         "net": "24750000",
     *         "tokenSymbol": "USDC",
     *         "tokenDecimals": 6
     *       },
     *       "events": [
     *         {
     *           "type": "payment.created",
     *           "status": "CREATED",
     *           "at": "2026-11-23T06:05:00.000Z",
     *           "txHash": null
     *         },
     *         {
     *           "type": "payment.paid",
     *           "status": "PAID",
     *           "at": "2026-11-23T06:06:12.000Z",
     *           "txHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e"
     *         }
     *       ],
     *       "relay": {
     *         "status": "CONFIRMED",
     *         "transactionHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *         "errorMessage": null,
     *         "createdAt": "2026-11-23T06:05:40.000Z",
     *         "updatedAt": "2026-11-23T06:06:12.000Z"
     *       },
     *       "refunds": []
     *     }
     */
    PaymentTimeline: {
      paymentId: string;
      /** @enum {string} */
      status: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
      /** @description Once paid (PAID, REFUND_SUBMITTED, REFUNDED); null before, and for INVALID, EXPIRED, FAILED */
      amounts: {
        /** @description What the payer paid, fee included */
        gross: string;
        /** @description Kassa's fee, sent to the treasury */
        fee: string;
        /** @description gross - fee: what reached the merchant's wallet */
        net: string;
        tokenSymbol: string;
        tokenDecimals: number;
      } | null;
      /** @description Every status change, oldest first */
      events: {
        /** @description payment.created, or the type of the webhook event Kassa recorded */
        type: string;
        /**
         * @description The payment's status right after it
         * @enum {string}
         */
        status: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
        /** @description ISO 8601 */
        at: string;
        /** @description The transaction of the event: the payment's, the refund's, the sweep's (payment.swept), the return's, or the one a reorganisation removed */
        txHash: string | null;
      }[];
      /** @description The gasless relay request, if the payer used one */
      relay: components["schemas"]["RelayRequest"] | null;
      /** @description The payment's refunds, newest first */
      refunds: components["schemas"]["Refund"][];
    };
    PaymentTimelineInput: {
      paymentId: string;
      /** @enum {string} */
      status: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
      /** @description Once paid (PAID, REFUND_SUBMITTED, REFUNDED); null before, and for INVALID, EXPIRED, FAILED */
      amounts: {
        /** @description What the payer paid, fee included */
        gross: string;
        /** @description Kassa's fee, sent to the treasury */
        fee: string;
        /** @description gross - fee: what reached the merchant's wallet */
        net: string;
        tokenSymbol: string;
        tokenDecimals: number;
      } | null;
      /** @description Every status change, oldest first */
      events: {
        /** @description payment.created, or the type of the webhook event Kassa recorded */
        type: string;
        /**
         * @description The payment's status right after it
         * @enum {string}
         */
        status: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
        /** @description ISO 8601 */
        at: string;
        /** @description The transaction of the event: the payment's, the refund's, the sweep's (payment.swept), the return's, or the one a reorganisation removed */
        txHash: string | null;
      }[];
      /** @description The gasless relay request, if the payer used one */
      relay: components["schemas"]["RelayRequestInput"] | null;
      /** @description The payment's refunds, newest first */
      refunds: components["schemas"]["RefundInput"][];
    };
    /**
     * @example {
     *       "count": 42,
     *       "byToken": [
     *         {
     *           "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *           "tokenSymbol": "USDC",
     *           "tokenDecimals": 6,
     *           "count": 42,
     *           "paidCount": 38,
     *           "gross": "950000000",
     *           "fee": "9500000",
     *           "net": "940500000"
     *         }
     *       ]
     *     }
     */
    PaymentTotals: {
      /** @description Payments matching the filters, any status */
      count: number;
      /** @description One entry per token with payments, by symbol */
      byToken: {
        tokenAddress: string;
        tokenSymbol: string;
        tokenDecimals: number;
        /** @description Payments in this token */
        count: number;
        /** @description Of them, paid: PAID, REFUND_SUBMITTED or REFUNDED */
        paidCount: number;
        /** @description What the paid ones paid, fee included (base units) */
        gross: string;
        /** @description Kassa's fee on them, sent to the treasury (base units) */
        fee: string;
        /** @description gross - fee: what reached the merchant's wallet (base units) */
        net: string;
      }[];
    };
    PaymentTotalsInput: {
      /** @description Payments matching the filters, any status */
      count: number;
      /** @description One entry per token with payments, by symbol */
      byToken: {
        tokenAddress: string;
        tokenSymbol: string;
        tokenDecimals: number;
        /** @description Payments in this token */
        count: number;
        /** @description Of them, paid: PAID, REFUND_SUBMITTED or REFUNDED */
        paidCount: number;
        /** @description What the paid ones paid, fee included (base units) */
        gross: string;
        /** @description Kassa's fee on them, sent to the treasury (base units) */
        fee: string;
        /** @description gross - fee: what reached the merchant's wallet (base units) */
        net: string;
      }[];
    };
    /**
     * @description A transfer reached the payment's deposit address and what arrived (amountReceived) is still short of what settles it: the payment stays open and the payer may top it up.
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "createdAt": "2026-11-23T06:21:40.000Z",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "CREATED",
     *       "txHash": null,
     *       "amount": "25000000",
     *       "tokenSymbol": "USDC",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "chainId": 8453,
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "payerAddress": null,
     *       "paidAt": null,
     *       "paidAfterExpiry": false,
     *       "paymentLinkId": null,
     *       "refundedAmount": "0",
     *       "paidVia": null,
     *       "amountReceived": "24000000",
     *       "overpaidAmount": "0",
     *       "fundsAtRecipient": false,
     *       "type": "payment.underpaid"
     *     }
     */
    PaymentUnderpaidEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.underpaid";
      /**
       * @description The payment's status right after the event
       * @enum {string}
       */
      status: "CREATED" | "EXPIRED";
    };
    /** @description A transfer reached the payment's deposit address and what arrived (amountReceived) is still short of what settles it: the payment stays open and the payer may top it up. */
    PaymentUnderpaidEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description bytes32 payment id */
      paymentId: string;
      /** @description The merchant's order id */
      orderId: string;
      /** @description The paying transaction; null before payment or after a reorg */
      txHash: string | null;
      /** @description Token amount in base units (wei) */
      amount: string;
      tokenSymbol: string;
      /** @description EIP-55 checksummed address */
      tokenAddress: string;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description bytes32 merchant id */
      merchantId: string;
      payerAddress: string | null;
      /** @description When the payment was confirmed on-chain */
      paidAt: string | null;
      /** @description Confirmed on-chain after the payment had expired */
      paidAfterExpiry: boolean;
      /** @description The payment link (pl_) a payer started it from, if any */
      paymentLinkId: string | null;
      /** @description Base units (wei) the payment's completed refunds sent back, this event's refund included */
      refundedAmount: string;
      /** @description How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid */
      paidVia: ("contract" | "transfer") | null;
      /** @description Base units (wei) of the payment's token that reached its deposit address (final transfers) */
      amountReceived: string;
      /** @description Base units (wei) of amountReceived above the amount, returnable to the sender */
      overpaidAmount: string;
      /** @description Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept) */
      fundsAtRecipient: boolean;
      /** @constant */
      type: "payment.underpaid";
      /**
       * @description The payment's status right after the event
       * @enum {string}
       */
      status: "CREATED" | "EXPIRED";
    };
    /**
     * @description What the payer is asked to sign (the schedule's fields), who asks, and the subscription's status; nothing of the merchant's bookkeeping
     * @example {
     *       "id": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
     *       "subscriptionId": "0x9c1f6b2e4d8a0c3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c",
     *       "description": "Acme Coffee Pro, monthly",
     *       "status": "PENDING",
     *       "chainId": 8453,
     *       "gatewayAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "tokenSymbol": "USDC",
     *       "tokenDecimals": 6,
     *       "amount": "10000000",
     *       "variableAmount": false,
     *       "currency": null,
     *       "fiatAmount": null,
     *       "periodSeconds": 2592000,
     *       "charges": 12,
     *       "startsAt": null,
     *       "recipientAddress": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
     *       "returnUrl": "https://acme-coffee.example/account",
     *       "merchantName": "Acme Coffee",
     *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72"
     *     }
     */
    PublicSubscription: {
      /** @description sub_ id */
      id: string;
      /** @description bytes32: the schedule's `subscriptionId`, which the gateway's events carry */
      subscriptionId: string;
      description: string | null;
      /**
       * @description PENDING until the payer signs; ACTIVE; PAST_DUE while the payer's allowance falls short of a charge (retried; ACTIVE again once a charge goes through) or after a period's charge failed every retry (later periods are still charged); CANCELED; COMPLETED after the last charge
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description The gateway whose EIP-712 domain the schedule is signed on */
      gatewayAddress: string;
      /** @description bytes32 merchant id, a field of the schedule */
      merchantId: string;
      tokenAddress: string;
      tokenSymbol: string;
      tokenDecimals: number;
      /** @description Charged each period, fee included (base units); for a fiat plan, the most one charge may take (signed by the payer) */
      amount: string;
      /** @description A fiat plan: each charge is `fiatAmount` converted at the time, at most `amount` */
      variableAmount: boolean;
      /** @description A fiat plan's currency (ISO 4217); null for a token price */
      currency: string | null;
      /** @description A fiat plan's price per period, in `currency` */
      fiatAmount: string | null;
      /** @description Seconds between charges */
      periodSeconds: number;
      /** @description Number of charges */
      charges: number;
      /** @description Unix seconds at which charge 0 opens; null until the payer signs when the merchant gave none */
      startsAt: number | null;
      recipientAddress: string;
      /** @description Your page the subscribe page links back to once subscribed */
      returnUrl: string | null;
      /** @description Who asks: the merchant's name, as the payment widget shows it */
      merchantName: string;
      /** @description While PENDING: the wallet the merchant named, the only one that can sign; null when any wallet may. Null once signed (the payer's own page shows their subscriptions) */
      payerAddress: string | null;
    };
    /** @description What the payer is asked to sign (the schedule's fields), who asks, and the subscription's status; nothing of the merchant's bookkeeping */
    PublicSubscriptionInput: {
      /** @description sub_ id */
      id: string;
      /** @description bytes32: the schedule's `subscriptionId`, which the gateway's events carry */
      subscriptionId: string;
      description: string | null;
      /**
       * @description PENDING until the payer signs; ACTIVE; PAST_DUE while the payer's allowance falls short of a charge (retried; ACTIVE again once a charge goes through) or after a period's charge failed every retry (later periods are still charged); CANCELED; COMPLETED after the last charge
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description The gateway whose EIP-712 domain the schedule is signed on */
      gatewayAddress: string;
      /** @description bytes32 merchant id, a field of the schedule */
      merchantId: string;
      tokenAddress: string;
      tokenSymbol: string;
      tokenDecimals: number;
      /** @description Charged each period, fee included (base units); for a fiat plan, the most one charge may take (signed by the payer) */
      amount: string;
      /** @description A fiat plan: each charge is `fiatAmount` converted at the time, at most `amount` */
      variableAmount: boolean;
      /** @description A fiat plan's currency (ISO 4217); null for a token price */
      currency: string | null;
      /** @description A fiat plan's price per period, in `currency` */
      fiatAmount: string | null;
      /** @description Seconds between charges */
      periodSeconds: number;
      /** @description Number of charges */
      charges: number;
      /** @description Unix seconds at which charge 0 opens; null until the payer signs when the merchant gave none */
      startsAt: number | null;
      recipientAddress: string;
      /** @description Your page the subscribe page links back to once subscribed */
      returnUrl: string | null;
      /** @description Who asks: the merchant's name, as the payment widget shows it */
      merchantName: string;
      /** @description While PENDING: the wallet the merchant named, the only one that can sign; null when any wallet may. Null once signed (the payer's own page shows their subscriptions) */
      payerAddress: string | null;
    };
    /**
     * @example {
     *       "id": "whd_0a2c4e6f8b1d3f5a7c9e1b3d5f7a9c2e",
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "status": "PENDING"
     *     }
     */
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
    /**
     * @example {
     *       "id": "rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "orderId": "order-10482",
     *       "status": "REFUND_SUBMITTED",
     *       "amount": "25000000",
     *       "chainRefundId": "0x5d0e3b7c9a1f4e2d8b6c0a9f7e5d3c1b2a4f6e8d0c9b7a5e00000000000004d3",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "payerAddress": "0x364E2533F6f0b3b560dCA617192940206d806B7e",
     *       "reason": "Customer cancelled the order",
     *       "deadline": "1795430400",
     *       "txHash": null,
     *       "senderAddress": null,
     *       "sentByRecipient": null,
     *       "createdAt": "2026-11-23T07:20:00.000Z",
     *       "refundedAt": null,
     *       "transaction": {
     *         "chainId": 8453,
     *         "to": "0xff89e1cF989dD683d61dc611F667f876bd8e3bc5",
     *         "data": "0x2f1a0b8c",
     *         "value": "0"
     *       },
     *       "serverSignature": "0x3f1c2a8e5b7d4c6f9a0b1e2d3c4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b1c"
     *     }
     */
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
      /** @description The refund's id on the gateway (bytes32), in its RefundCompleted event */
      chainRefundId: string;
      tokenAddress: string;
      payerAddress: string;
      reason: string | null;
      /** @description Unix seconds; the transaction must be mined by then */
      deadline: string;
      txHash: string | null;
      /** @description The wallet that sent the refund transaction (its tokens went back); null until it completes */
      senderAddress: string | null;
      /** @description false: a wallet other than the payment's recipient sent it, with its own tokens (nothing left the merchant's wallet); null until it completes */
      sentByRecipient: boolean | null;
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
      /** @description The refund's id on the gateway (bytes32), in its RefundCompleted event */
      chainRefundId: string;
      tokenAddress: string;
      payerAddress: string;
      reason: string | null;
      /** @description Unix seconds; the transaction must be mined by then */
      deadline: string;
      txHash: string | null;
      /** @description The wallet that sent the refund transaction (its tokens went back); null until it completes */
      senderAddress: string | null;
      /** @description false: a wallet other than the payment's recipient sent it, with its own tokens (nothing left the merchant's wallet); null until it completes */
      sentByRecipient: boolean | null;
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
    /**
     * @example {
     *       "status": "CONFIRMED",
     *       "transactionHash": "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
     *       "errorMessage": null,
     *       "createdAt": "2026-11-23T06:05:40.000Z",
     *       "updatedAt": "2026-11-23T06:06:12.000Z"
     *     }
     */
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
    /**
     * @example {
     *       "publicKey": "pk_Xq3vR8m2Lk9pT4wYc7nB1sD6fG0hJ5aE"
     *     }
     */
    RotatedKey:
      | {
          /** @description The new pk_ key; the old one stops at once */
          publicKey: string;
        }
      | {
          /** @description The new sk_ key, shown once; the old one stops at once */
          apiKey: string;
        };
    RotatedKeyInput:
      | {
          /** @description The new pk_ key; the old one stops at once */
          publicKey: string;
        }
      | {
          /** @description The new sk_ key, shown once; the old one stops at once */
          apiKey: string;
        };
    /**
     * @example {
     *       "webhookSecret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
     *     }
     */
    RotatedWebhookSecret: {
      /** @description The new whsec_ secret; shown once */
      webhookSecret: string;
    };
    RotatedWebhookSecretInput: {
      /** @description The new whsec_ secret; shown once */
      webhookSecret: string;
    };
    /**
     * @example {
     *       "id": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
     *       "subscriptionId": "0x9c1f6b2e4d8a0c3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c",
     *       "orderId": "plan-pro-7731",
     *       "description": "Acme Coffee Pro, monthly",
     *       "status": "ACTIVE",
     *       "url": "https://pay.acme-coffee.example/subscribe/sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
     *       "returnUrl": "https://acme-coffee.example/account",
     *       "chainId": 8453,
     *       "gatewayAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "tokenSymbol": "USDC",
     *       "tokenDecimals": 6,
     *       "amount": "10000000",
     *       "variableAmount": false,
     *       "currency": null,
     *       "fiatAmount": null,
     *       "periodSeconds": 2592000,
     *       "charges": 12,
     *       "startsAt": 1795737600,
     *       "recipientAddress": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
     *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
     *       "usePermit2": false,
     *       "digest": "0x3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c9c1f6b2e4d8a0c",
     *       "nextPeriod": 1,
     *       "nextChargeAt": "2026-12-26T06:00:00.000Z",
     *       "failedAttempts": 0,
     *       "retrySchedule": [
     *         3600,
     *         21600,
     *         86400,
     *         259200
     *       ],
     *       "onFailure": "PAST_DUE",
     *       "lastError": null,
     *       "canceledBy": null,
     *       "canceledAt": null,
     *       "createdAt": "2026-11-26T05:58:00.000Z",
     *       "chargesMade": [
     *         {
     *           "period": 0,
     *           "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *           "status": "PAID",
     *           "amount": "10000000",
     *           "tokenPrice": null,
     *           "txHash": "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
     *           "paidAt": "2026-11-26T06:00:04.000Z"
     *         }
     *       ]
     *     }
     */
    Subscription: {
      /** @description sub_ id */
      id: string;
      /** @description bytes32: the schedule's `subscriptionId`, which the gateway's events carry */
      subscriptionId: string;
      orderId: string;
      description: string | null;
      /**
       * @description PENDING until the payer signs; ACTIVE; PAST_DUE while the payer's allowance falls short of a charge (retried; ACTIVE again once a charge goes through) or after a period's charge failed every retry (later periods are still charged); CANCELED; COMPLETED after the last charge
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description The hosted subscribe page (null without PUBLIC_BASE_URL) */
      url: string | null;
      /** @description Your page the subscribe page links back to once subscribed */
      returnUrl: string | null;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description The gateway whose EIP-712 domain the schedule is signed on */
      gatewayAddress: string;
      /** @description bytes32 merchant id, a field of the schedule */
      merchantId: string;
      tokenAddress: string;
      tokenSymbol: string;
      tokenDecimals: number;
      /** @description Charged each period, fee included (base units); for a fiat plan, the most one charge may take (signed by the payer) */
      amount: string;
      /** @description A fiat plan: each charge is `fiatAmount` converted at the time, at most `amount` */
      variableAmount: boolean;
      /** @description A fiat plan's currency (ISO 4217); null for a token price */
      currency: string | null;
      /** @description A fiat plan's price per period, in `currency` */
      fiatAmount: string | null;
      /** @description Seconds between charges */
      periodSeconds: number;
      /** @description Number of charges */
      charges: number;
      /** @description Unix seconds at which charge 0 opens; null until the payer signs when the merchant gave none */
      startsAt: number | null;
      recipientAddress: string;
      payerAddress: string | null;
      /** @description Charges are taken through the payer's Permit2 allowance */
      usePermit2: boolean;
      /** @description The schedule's EIP-712 digest (its key on-chain) once signed */
      digest: string | null;
      /** @description The next period to charge */
      nextPeriod: number;
      /** @description When the next charge (or retry) is due */
      nextChargeAt: string | null;
      /** @description Failed attempts of the next period's charge */
      failedAttempts: number;
      /** @description Seconds after each failed attempt before the next */
      retrySchedule: number[];
      /**
       * @description What a charge failing every retry leads to
       * @enum {string}
       */
      onFailure: "PAST_DUE" | "CANCELED";
      lastError: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      canceledAt: string | null;
      createdAt: string;
      /** @description Its charges, newest period first */
      chargesMade: components["schemas"]["SubscriptionCharge"][];
    };
    /**
     * @description The subscription ended before its last charge (`canceledBy`: merchant, payer, `allowance` when the payer set the gateway's allowance to 0 themselves (an allowance spent to 0 by other payments is PAST_DUE instead), retries, or seen on-chain).
     * @example {
     *       "eventId": "evt_0c9d7e2f1a3b5f0c3b7c2a9d4e1f8b6a",
     *       "createdAt": "2026-11-26T06:00:04.000Z",
     *       "subscriptionId": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
     *       "orderId": "plan-pro-7731",
     *       "status": "CANCELED",
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "chainId": 8453,
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "tokenSymbol": "USDC",
     *       "amount": "10000000",
     *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
     *       "nextChargeAt": null,
     *       "canceledBy": "allowance",
     *       "type": "subscription.canceled",
     *       "reason": "the payer set the gateway's allowance to 0 (transaction 0x4b2c6a8e0f1d3b5a7c9e2f4a6c8e0b1d3f5a7c9e2b4d6f8a0c1e3a5c7e9f1b3d)"
     *     }
     */
    SubscriptionCanceledEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description sub_ id */
      subscriptionId: string;
      orderId: string;
      /**
       * @description The subscription's status right after the event
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description bytes32 merchant id */
      merchantId: string;
      chainId: number;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description Per charge, base units */
      amount: string;
      payerAddress: string | null;
      nextChargeAt: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      /** @description The charge the event is about */
      charge?: {
        period: number;
        paymentId: string;
        txHash: string | null;
      };
      /** @description Why the charge failed or the subscription ended */
      reason?: string;
      /** @constant */
      type: "subscription.canceled";
    };
    /** @description The subscription ended before its last charge (`canceledBy`: merchant, payer, `allowance` when the payer set the gateway's allowance to 0 themselves (an allowance spent to 0 by other payments is PAST_DUE instead), retries, or seen on-chain). */
    SubscriptionCanceledEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description sub_ id */
      subscriptionId: string;
      orderId: string;
      /**
       * @description The subscription's status right after the event
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description bytes32 merchant id */
      merchantId: string;
      chainId: number;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description Per charge, base units */
      amount: string;
      payerAddress: string | null;
      nextChargeAt: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      /** @description The charge the event is about */
      charge?: {
        period: number;
        paymentId: string;
        txHash: string | null;
      };
      /** @description Why the charge failed or the subscription ended */
      reason?: string;
      /** @constant */
      type: "subscription.canceled";
    };
    /**
     * @example {
     *       "period": 0,
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "status": "PAID",
     *       "amount": "10000000",
     *       "tokenPrice": null,
     *       "txHash": "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
     *       "paidAt": "2026-11-26T06:00:04.000Z"
     *     }
     */
    SubscriptionCharge: {
      /** @description 0 for the first charge */
      period: number;
      /** @description The charge's payment (bytes32): its webhooks and exports are a payment's */
      paymentId: string;
      /**
       * @description CREATED while its transaction is under way, PAID once charged
       * @enum {string}
       */
      status: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
      /** @description Token amount in base units (wei) */
      amount: string;
      /** @description A fiat plan's charge: the token's price in the plan's currency it was converted at */
      tokenPrice: string | null;
      txHash: string | null;
      paidAt: string | null;
    };
    /**
     * @description A period was charged on-chain (`charge`) in a block now final for the chain: its payment is PAID.
     * @example {
     *       "eventId": "evt_0c9d7e2f1a3b5f0c3b7c2a9d4e1f8b6a",
     *       "createdAt": "2026-11-26T06:00:04.000Z",
     *       "subscriptionId": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
     *       "orderId": "plan-pro-7731",
     *       "status": "ACTIVE",
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "chainId": 8453,
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "tokenSymbol": "USDC",
     *       "amount": "10000000",
     *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
     *       "nextChargeAt": "2026-12-26T06:00:00.000Z",
     *       "canceledBy": null,
     *       "type": "subscription.charged",
     *       "charge": {
     *         "period": 0,
     *         "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *         "txHash": "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988"
     *       }
     *     }
     */
    SubscriptionChargedEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description sub_ id */
      subscriptionId: string;
      orderId: string;
      /**
       * @description The subscription's status right after the event
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description bytes32 merchant id */
      merchantId: string;
      chainId: number;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description Per charge, base units */
      amount: string;
      payerAddress: string | null;
      nextChargeAt: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      /** @description The charge the event is about */
      charge?: {
        period: number;
        paymentId: string;
        txHash: string | null;
      };
      /** @description Why the charge failed or the subscription ended */
      reason?: string;
      /** @constant */
      type: "subscription.charged";
    };
    /** @description A period was charged on-chain (`charge`) in a block now final for the chain: its payment is PAID. */
    SubscriptionChargedEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description sub_ id */
      subscriptionId: string;
      orderId: string;
      /**
       * @description The subscription's status right after the event
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description bytes32 merchant id */
      merchantId: string;
      chainId: number;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description Per charge, base units */
      amount: string;
      payerAddress: string | null;
      nextChargeAt: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      /** @description The charge the event is about */
      charge?: {
        period: number;
        paymentId: string;
        txHash: string | null;
      };
      /** @description Why the charge failed or the subscription ended */
      reason?: string;
      /** @constant */
      type: "subscription.charged";
    };
    /**
     * @description A period's charge failed (`reason`: the payer's balance or allowance, a refusal of the chain, a fiat plan's price beyond the payer's signed maximum); it is retried at `nextChargeAt` while the retry schedule lasts. Also when a reorg removed a charge (`charge`, CREATED again): the period is due again at once.
     * @example {
     *       "eventId": "evt_0c9d7e2f1a3b5f0c3b7c2a9d4e1f8b6a",
     *       "createdAt": "2026-11-26T06:00:04.000Z",
     *       "subscriptionId": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
     *       "orderId": "plan-pro-7731",
     *       "status": "ACTIVE",
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "chainId": 8453,
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "tokenSymbol": "USDC",
     *       "amount": "10000000",
     *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
     *       "nextChargeAt": "2026-11-26T07:00:00.000Z",
     *       "canceledBy": null,
     *       "type": "subscription.charge_failed",
     *       "reason": "the payer's balance 4000000 is below the charge 10000000"
     *     }
     */
    SubscriptionChargeFailedEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description sub_ id */
      subscriptionId: string;
      orderId: string;
      /**
       * @description The subscription's status right after the event
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description bytes32 merchant id */
      merchantId: string;
      chainId: number;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description Per charge, base units */
      amount: string;
      payerAddress: string | null;
      nextChargeAt: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      /** @description The charge the event is about */
      charge?: {
        period: number;
        paymentId: string;
        txHash: string | null;
      };
      /** @description Why the charge failed or the subscription ended */
      reason?: string;
      /** @constant */
      type: "subscription.charge_failed";
    };
    /** @description A period's charge failed (`reason`: the payer's balance or allowance, a refusal of the chain, a fiat plan's price beyond the payer's signed maximum); it is retried at `nextChargeAt` while the retry schedule lasts. Also when a reorg removed a charge (`charge`, CREATED again): the period is due again at once. */
    SubscriptionChargeFailedEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description sub_ id */
      subscriptionId: string;
      orderId: string;
      /**
       * @description The subscription's status right after the event
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description bytes32 merchant id */
      merchantId: string;
      chainId: number;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description Per charge, base units */
      amount: string;
      payerAddress: string | null;
      nextChargeAt: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      /** @description The charge the event is about */
      charge?: {
        period: number;
        paymentId: string;
        txHash: string | null;
      };
      /** @description Why the charge failed or the subscription ended */
      reason?: string;
      /** @constant */
      type: "subscription.charge_failed";
    };
    SubscriptionChargeInput: {
      /** @description 0 for the first charge */
      period: number;
      /** @description The charge's payment (bytes32): its webhooks and exports are a payment's */
      paymentId: string;
      /**
       * @description CREATED while its transaction is under way, PAID once charged
       * @enum {string}
       */
      status: "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";
      /** @description Token amount in base units (wei) */
      amount: string;
      /** @description A fiat plan's charge: the token's price in the plan's currency it was converted at */
      tokenPrice: string | null;
      txHash: string | null;
      paidAt: string | null;
    };
    /**
     * @description Its last period was charged or closed.
     * @example {
     *       "eventId": "evt_0c9d7e2f1a3b5f0c3b7c2a9d4e1f8b6a",
     *       "createdAt": "2026-11-26T06:00:04.000Z",
     *       "subscriptionId": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
     *       "orderId": "plan-pro-7731",
     *       "status": "COMPLETED",
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "chainId": 8453,
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "tokenSymbol": "USDC",
     *       "amount": "10000000",
     *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
     *       "nextChargeAt": null,
     *       "canceledBy": null,
     *       "type": "subscription.completed"
     *     }
     */
    SubscriptionCompletedEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description sub_ id */
      subscriptionId: string;
      orderId: string;
      /**
       * @description The subscription's status right after the event
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description bytes32 merchant id */
      merchantId: string;
      chainId: number;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description Per charge, base units */
      amount: string;
      payerAddress: string | null;
      nextChargeAt: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      /** @description The charge the event is about */
      charge?: {
        period: number;
        paymentId: string;
        txHash: string | null;
      };
      /** @description Why the charge failed or the subscription ended */
      reason?: string;
      /** @constant */
      type: "subscription.completed";
    };
    /** @description Its last period was charged or closed. */
    SubscriptionCompletedEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description sub_ id */
      subscriptionId: string;
      orderId: string;
      /**
       * @description The subscription's status right after the event
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description bytes32 merchant id */
      merchantId: string;
      chainId: number;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description Per charge, base units */
      amount: string;
      payerAddress: string | null;
      nextChargeAt: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      /** @description The charge the event is about */
      charge?: {
        period: number;
        paymentId: string;
        txHash: string | null;
      };
      /** @description Why the charge failed or the subscription ended */
      reason?: string;
      /** @constant */
      type: "subscription.completed";
    };
    /**
     * @description The payer signed the schedule: the subscription is ACTIVE.
     * @example {
     *       "eventId": "evt_0c9d7e2f1a3b5f0c3b7c2a9d4e1f8b6a",
     *       "createdAt": "2026-11-26T06:00:04.000Z",
     *       "subscriptionId": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
     *       "orderId": "plan-pro-7731",
     *       "status": "ACTIVE",
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "chainId": 8453,
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "tokenSymbol": "USDC",
     *       "amount": "10000000",
     *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
     *       "nextChargeAt": "2026-12-26T06:00:00.000Z",
     *       "canceledBy": null,
     *       "type": "subscription.created"
     *     }
     */
    SubscriptionCreatedEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description sub_ id */
      subscriptionId: string;
      orderId: string;
      /**
       * @description The subscription's status right after the event
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description bytes32 merchant id */
      merchantId: string;
      chainId: number;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description Per charge, base units */
      amount: string;
      payerAddress: string | null;
      nextChargeAt: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      /** @description The charge the event is about */
      charge?: {
        period: number;
        paymentId: string;
        txHash: string | null;
      };
      /** @description Why the charge failed or the subscription ended */
      reason?: string;
      /** @constant */
      type: "subscription.created";
    };
    /** @description The payer signed the schedule: the subscription is ACTIVE. */
    SubscriptionCreatedEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description sub_ id */
      subscriptionId: string;
      orderId: string;
      /**
       * @description The subscription's status right after the event
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description bytes32 merchant id */
      merchantId: string;
      chainId: number;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description Per charge, base units */
      amount: string;
      payerAddress: string | null;
      nextChargeAt: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      /** @description The charge the event is about */
      charge?: {
        period: number;
        paymentId: string;
        txHash: string | null;
      };
      /** @description Why the charge failed or the subscription ended */
      reason?: string;
      /** @constant */
      type: "subscription.created";
    };
    SubscriptionInput: {
      /** @description sub_ id */
      id: string;
      /** @description bytes32: the schedule's `subscriptionId`, which the gateway's events carry */
      subscriptionId: string;
      orderId: string;
      description: string | null;
      /**
       * @description PENDING until the payer signs; ACTIVE; PAST_DUE while the payer's allowance falls short of a charge (retried; ACTIVE again once a charge goes through) or after a period's charge failed every retry (later periods are still charged); CANCELED; COMPLETED after the last charge
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description The hosted subscribe page (null without PUBLIC_BASE_URL) */
      url: string | null;
      /** @description Your page the subscribe page links back to once subscribed */
      returnUrl: string | null;
      /** @description EIP-155 chain id */
      chainId: number;
      /** @description The gateway whose EIP-712 domain the schedule is signed on */
      gatewayAddress: string;
      /** @description bytes32 merchant id, a field of the schedule */
      merchantId: string;
      tokenAddress: string;
      tokenSymbol: string;
      tokenDecimals: number;
      /** @description Charged each period, fee included (base units); for a fiat plan, the most one charge may take (signed by the payer) */
      amount: string;
      /** @description A fiat plan: each charge is `fiatAmount` converted at the time, at most `amount` */
      variableAmount: boolean;
      /** @description A fiat plan's currency (ISO 4217); null for a token price */
      currency: string | null;
      /** @description A fiat plan's price per period, in `currency` */
      fiatAmount: string | null;
      /** @description Seconds between charges */
      periodSeconds: number;
      /** @description Number of charges */
      charges: number;
      /** @description Unix seconds at which charge 0 opens; null until the payer signs when the merchant gave none */
      startsAt: number | null;
      recipientAddress: string;
      payerAddress: string | null;
      /** @description Charges are taken through the payer's Permit2 allowance */
      usePermit2: boolean;
      /** @description The schedule's EIP-712 digest (its key on-chain) once signed */
      digest: string | null;
      /** @description The next period to charge */
      nextPeriod: number;
      /** @description When the next charge (or retry) is due */
      nextChargeAt: string | null;
      /** @description Failed attempts of the next period's charge */
      failedAttempts: number;
      /** @description Seconds after each failed attempt before the next */
      retrySchedule: number[];
      /**
       * @description What a charge failing every retry leads to
       * @enum {string}
       */
      onFailure: "PAST_DUE" | "CANCELED";
      lastError: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      canceledAt: string | null;
      createdAt: string;
      /** @description Its charges, newest period first */
      chargesMade: components["schemas"]["SubscriptionChargeInput"][];
    };
    /**
     * @example {
     *       "subscriptions": [
     *         {
     *           "id": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
     *           "subscriptionId": "0x9c1f6b2e4d8a0c3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c",
     *           "orderId": "plan-pro-7731",
     *           "description": "Acme Coffee Pro, monthly",
     *           "status": "ACTIVE",
     *           "url": "https://pay.acme-coffee.example/subscribe/sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
     *           "returnUrl": "https://acme-coffee.example/account",
     *           "chainId": 8453,
     *           "gatewayAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
     *           "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *           "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *           "tokenSymbol": "USDC",
     *           "tokenDecimals": 6,
     *           "amount": "10000000",
     *           "variableAmount": false,
     *           "currency": null,
     *           "fiatAmount": null,
     *           "periodSeconds": 2592000,
     *           "charges": 12,
     *           "startsAt": 1795737600,
     *           "recipientAddress": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
     *           "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
     *           "usePermit2": false,
     *           "digest": "0x3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c9c1f6b2e4d8a0c",
     *           "nextPeriod": 1,
     *           "nextChargeAt": "2026-12-26T06:00:00.000Z",
     *           "failedAttempts": 0,
     *           "retrySchedule": [
     *             3600,
     *             21600,
     *             86400,
     *             259200
     *           ],
     *           "onFailure": "PAST_DUE",
     *           "lastError": null,
     *           "canceledBy": null,
     *           "canceledAt": null,
     *           "createdAt": "2026-11-26T05:58:00.000Z",
     *           "chargesMade": [
     *             {
     *               "period": 0,
     *               "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *               "status": "PAID",
     *               "amount": "10000000",
     *               "tokenPrice": null,
     *               "txHash": "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
     *               "paidAt": "2026-11-26T06:00:04.000Z"
     *             }
     *           ]
     *         }
     *       ],
     *       "has_more": false
     *     }
     */
    SubscriptionPage: {
      /** @description Newest first */
      subscriptions: components["schemas"]["Subscription"][];
      has_more: boolean;
    };
    SubscriptionPageInput: {
      /** @description Newest first */
      subscriptions: components["schemas"]["SubscriptionInput"][];
      has_more: boolean;
    };
    /**
     * @description The payer's allowance fell short of a charge (`reason`): the charge is retried on the schedule, and the payer is to allow the gateway again on the subscription's page (`url`) or their subscriptions page; the next charge that goes through makes it ACTIVE again (`subscription.charged`). Also when a period's charge failed every retry (merchant setting PAST_DUE): that period is not charged; the next one will be tried when it opens.
     * @example {
     *       "eventId": "evt_0c9d7e2f1a3b5f0c3b7c2a9d4e1f8b6a",
     *       "createdAt": "2026-11-26T06:00:04.000Z",
     *       "subscriptionId": "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
     *       "orderId": "plan-pro-7731",
     *       "status": "PAST_DUE",
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
     *       "chainId": 8453,
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "tokenSymbol": "USDC",
     *       "amount": "10000000",
     *       "payerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
     *       "nextChargeAt": "2026-12-26T07:00:00.000Z",
     *       "canceledBy": null,
     *       "type": "subscription.past_due",
     *       "reason": "the payer's allowance 0 is below the charge 10000000: the payer is to allow the gateway again, on the subscription's page (its url) or their own subscriptions page"
     *     }
     */
    SubscriptionPastDueEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description sub_ id */
      subscriptionId: string;
      orderId: string;
      /**
       * @description The subscription's status right after the event
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description bytes32 merchant id */
      merchantId: string;
      chainId: number;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description Per charge, base units */
      amount: string;
      payerAddress: string | null;
      nextChargeAt: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      /** @description The charge the event is about */
      charge?: {
        period: number;
        paymentId: string;
        txHash: string | null;
      };
      /** @description Why the charge failed or the subscription ended */
      reason?: string;
      /** @constant */
      type: "subscription.past_due";
    };
    /** @description The payer's allowance fell short of a charge (`reason`): the charge is retried on the schedule, and the payer is to allow the gateway again on the subscription's page (`url`) or their subscriptions page; the next charge that goes through makes it ACTIVE again (`subscription.charged`). Also when a period's charge failed every retry (merchant setting PAST_DUE): that period is not charged; the next one will be tried when it opens. */
    SubscriptionPastDueEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry */
      eventId: string;
      /** @description When the event happened (ISO 8601) */
      createdAt: string;
      /** @description sub_ id */
      subscriptionId: string;
      orderId: string;
      /**
       * @description The subscription's status right after the event
       * @enum {string}
       */
      status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
      /** @description bytes32 merchant id */
      merchantId: string;
      chainId: number;
      tokenAddress: string;
      tokenSymbol: string;
      /** @description Per charge, base units */
      amount: string;
      payerAddress: string | null;
      nextChargeAt: string | null;
      canceledBy: ("merchant" | "payer" | "allowance" | "retries" | "chain") | null;
      /** @description The charge the event is about */
      charge?: {
        period: number;
        paymentId: string;
        txHash: string | null;
      };
      /** @description Why the charge failed or the subscription ended */
      reason?: string;
      /** @constant */
      type: "subscription.past_due";
    };
    /**
     * @example {
     *       "id": 1,
     *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "symbol": "USDC",
     *       "decimals": 6,
     *       "permit_supported": true,
     *       "is_enabled": true
     *     }
     */
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
    /**
     * @example {
     *       "type": "hourly-average",
     *       "chain_id": 8453,
     *       "token_address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
     *       "currency": "USD",
     *       "price": 0.9998,
     *       "symbol": "USDC",
     *       "period_start": "2026-11-23T05:00:00.000Z",
     *       "period_end": "2026-11-23T06:00:00.000Z",
     *       "sample_count": 60
     *     }
     */
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
    /**
     * @example {
     *       "id": "whd_7c1e5a9d3b2f4e6c8a0d2b4f6e8c1a3d",
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "eventType": "payment.paid",
     *       "paymentId": "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
     *       "status": "SUCCEEDED",
     *       "attemptCount": 1,
     *       "nextAttemptAt": null,
     *       "lastStatusCode": 200,
     *       "lastError": null,
     *       "deliveredAt": "2026-11-23T06:06:12.140Z",
     *       "createdAt": "2026-11-23T06:06:12.000Z",
     *       "attempts": [
     *         {
     *           "attempt": 1,
     *           "url": "https://shop.acme-coffee.example/webhooks/kassa",
     *           "statusCode": 200,
     *           "durationMs": 138,
     *           "error": null,
     *           "createdAt": "2026-11-23T06:06:12.002Z"
     *         }
     *       ]
     *     }
     */
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
    /** @description The body of a Kassa webhook; `type` tells which event */
    WebhookEvent:
      | components["schemas"]["PaymentPaidEvent"]
      | components["schemas"]["PaymentInvalidEvent"]
      | components["schemas"]["PaymentExpiredEvent"]
      | components["schemas"]["PaymentFailedEvent"]
      | components["schemas"]["PaymentRefundSubmittedEvent"]
      | components["schemas"]["PaymentRefundExpiredEvent"]
      | components["schemas"]["PaymentRefundedEvent"]
      | components["schemas"]["PaymentRefundReorgedEvent"]
      | components["schemas"]["PaymentReorgedEvent"]
      | components["schemas"]["PaymentUnderpaidEvent"]
      | components["schemas"]["PaymentLateDepositEvent"]
      | components["schemas"]["PaymentDepositReturnedEvent"]
      | components["schemas"]["PaymentSweptEvent"]
      | components["schemas"]["SubscriptionCreatedEvent"]
      | components["schemas"]["SubscriptionChargedEvent"]
      | components["schemas"]["SubscriptionChargeFailedEvent"]
      | components["schemas"]["SubscriptionPastDueEvent"]
      | components["schemas"]["SubscriptionCanceledEvent"]
      | components["schemas"]["SubscriptionCompletedEvent"]
      | components["schemas"]["WebhookTestEvent"];
    /** @description The body of a Kassa webhook; `type` tells which event */
    WebhookEventInput:
      | components["schemas"]["PaymentPaidEventInput"]
      | components["schemas"]["PaymentInvalidEventInput"]
      | components["schemas"]["PaymentExpiredEventInput"]
      | components["schemas"]["PaymentFailedEventInput"]
      | components["schemas"]["PaymentRefundSubmittedEventInput"]
      | components["schemas"]["PaymentRefundExpiredEventInput"]
      | components["schemas"]["PaymentRefundedEventInput"]
      | components["schemas"]["PaymentRefundReorgedEventInput"]
      | components["schemas"]["PaymentReorgedEventInput"]
      | components["schemas"]["PaymentUnderpaidEventInput"]
      | components["schemas"]["PaymentLateDepositEventInput"]
      | components["schemas"]["PaymentDepositReturnedEventInput"]
      | components["schemas"]["PaymentSweptEventInput"]
      | components["schemas"]["SubscriptionCreatedEventInput"]
      | components["schemas"]["SubscriptionChargedEventInput"]
      | components["schemas"]["SubscriptionChargeFailedEventInput"]
      | components["schemas"]["SubscriptionPastDueEventInput"]
      | components["schemas"]["SubscriptionCanceledEventInput"]
      | components["schemas"]["SubscriptionCompletedEventInput"]
      | components["schemas"]["WebhookTestEventInput"];
    /**
     * @description A test the merchant sent itself (POST /merchants/me/webhook-test): about no payment; answer it 2xx.
     * @example {
     *       "eventId": "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
     *       "type": "webhook.test",
     *       "createdAt": "2026-11-23T09:00:00.000Z",
     *       "merchantId": "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347"
     *     }
     */
    WebhookTestEvent: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @constant */
      type: "webhook.test";
      /** @description When the test was sent (ISO 8601) */
      createdAt: string;
      /** @description bytes32 merchant id */
      merchantId: string;
    };
    /** @description A test the merchant sent itself (POST /merchants/me/webhook-test): about no payment; answer it 2xx. */
    WebhookTestEventInput: {
      /** @description evt_ id, also the webhook-id header; the same on every retry: deduplicate on it */
      eventId: string;
      /** @constant */
      type: "webhook.test";
      /** @description When the test was sent (ISO 8601) */
      createdAt: string;
      /** @description bytes32 merchant id */
      merchantId: string;
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

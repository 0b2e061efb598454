import type { FastifyReply, FastifyRequest } from "fastify";
import { STATUS_STREAM_HEARTBEAT_MS } from "../config/http.js";
import type { PaymentStatusFeed } from "../core/payments/paymentStatusFeed.js";
import type { PaymentView } from "../core/payments/views.js";
import { type MerchantRow } from "../db/schema/rows.js";
import { clientNetwork } from "../domain/clientNetwork.js";
import { KassaError } from "../errors.js";

/**
 * Open status streams one client network may hold (a payer needs one; a shop's office shares an IP): an
 * IPv4 address, or an IPv6 /64, which one subscriber holds whole and can take any address of.
 */
export const MAX_STREAMS_PER_CLIENT = 20;
/** A stream ends after this long whatever happens; the widget then reconnects or polls. */
const MAX_STREAM_MS = 15 * 60_000;

/**
 * The server-sent-event streams of GET /payments/:id/events in one process: bounded per client network
 * and in all (each holds a socket and a place in the status feed's query), ended when the app closes (a
 * hijacked response would otherwise hold the server open).
 */
export interface StatusStreams {
  /**
   * Answers `request` with a text/event-stream: `first` now, then each status change from the feed;
   * ends once the payment is no longer CREATED. Throws RATE_LIMITED (before anything is sent) when
   * the client network holds MAX_STREAMS_PER_CLIENT streams or the process `maxStreams`.
   */
  open(request: FastifyRequest, reply: FastifyReply, merchant: MerchantRow, first: PaymentView): void;
  /** Ends every open stream. */
  closeAll(): void;
}

export function createStatusStreams(feed: PaymentStatusFeed, options: { maxStreams: number }): StatusStreams {
  const perClient = new Map<string, number>();
  const open = new Set<() => void>();

  return {
    open(request, reply, merchant, first) {
      const client = clientNetwork(request.ip);
      const held = perClient.get(client) ?? 0;
      if (held >= MAX_STREAMS_PER_CLIENT) {
        throw new KassaError(
          "RATE_LIMITED",
          `at most ${MAX_STREAMS_PER_CLIENT} status streams per client; close one or poll GET /payments/:id`,
        );
      }
      if (open.size >= options.maxStreams) {
        throw new KassaError(
          "RATE_LIMITED",
          "this server holds all the status streams it may; poll GET /payments/:id instead",
        );
      }
      perClient.set(client, held + 1);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
        "x-request-id": request.id,
      });

      let unfollow = () => {};
      const heartbeat = setInterval(() => raw.write(": keep-alive\n\n"), STATUS_STREAM_HEARTBEAT_MS);
      const deadline = setTimeout(() => end(), MAX_STREAM_MS);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        unfollow();
        clearInterval(heartbeat);
        clearTimeout(deadline);
        open.delete(end);
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
        raw.end();
      };
      open.add(end);
      raw.on("close", end);

      const send = (view: PaymentView) => {
        if (ended) return;
        raw.write(`event: status\ndata: ${JSON.stringify(view)}\n\n`);
        if (view.status !== "CREATED") end();
      };
      send(first);
      if (!ended) unfollow = feed.follow(merchant, first.paymentId, first.status, send);
    },
    closeAll() {
      for (const end of [...open]) end();
    },
  };
}

import type { FastifyReply, FastifyRequest } from "fastify";
import type { PaymentStatusFeed } from "../core/paymentStatusFeed.js";
import type { PaymentView } from "../core/views.js";
import { type MerchantRow } from "../db/rows.js";
import { KassaError } from "../errors.js";

/** Open status streams one client IP may hold (a payer needs one; a shop's office shares an IP). */
export const MAX_STREAMS_PER_IP = 20;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/** A stream ends after this long whatever happens; the widget then reconnects or polls. */
const MAX_STREAM_MS = 15 * 60_000;

/**
 * The server-sent-event streams of GET /payments/:id/events in one process: bounded per client IP,
 * ended when the app closes (a hijacked response would otherwise hold the server open).
 */
export interface StatusStreams {
  /**
   * Answers `request` with a text/event-stream: `first` now, then each status change from the feed;
   * ends once the payment is no longer CREATED. Throws RATE_LIMITED (before anything is sent) when
   * the client IP holds MAX_STREAMS_PER_IP streams.
   */
  open(request: FastifyRequest, reply: FastifyReply, merchant: MerchantRow, first: PaymentView): void;
  /** Ends every open stream. */
  closeAll(): void;
}

export function createStatusStreams(feed: PaymentStatusFeed): StatusStreams {
  const perIp = new Map<string, number>();
  const open = new Set<() => void>();

  return {
    open(request, reply, merchant, first) {
      const ip = request.ip;
      const held = perIp.get(ip) ?? 0;
      if (held >= MAX_STREAMS_PER_IP) {
        throw new KassaError(
          "RATE_LIMITED",
          `at most ${MAX_STREAMS_PER_IP} status streams per client; close one or poll GET /payments/:id`,
        );
      }
      perIp.set(ip, held + 1);
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
      const heartbeat = setInterval(() => raw.write(": keep-alive\n\n"), HEARTBEAT_MS);
      const deadline = setTimeout(() => end(), MAX_STREAM_MS);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        unfollow();
        clearInterval(heartbeat);
        clearTimeout(deadline);
        open.delete(end);
        const left = (perIp.get(ip) ?? 1) - 1;
        if (left > 0) perIp.set(ip, left);
        else perIp.delete(ip);
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

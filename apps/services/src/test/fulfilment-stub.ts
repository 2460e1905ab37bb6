import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { timingSafeEqual } from "node:crypto";
import { signDelivery } from "../services/fulfilment.js";

/** One request the stub received. */
export interface Receipt {
  key: string;
  orderNumber: string;
  signatureValid: boolean;
  /** The JSON body as sent. */
  body: string;
  /** Milliseconds since the epoch when the whole body arrived. */
  at: number;
}

/**
 * The provider's fulfilment endpoint in a test: a real HTTP server that checks each delivery's
 * HMAC signature and records it. `down()` stops listening (connection refused, as a provider
 * outage), `up()` listens again on the same port; `holdMs` keeps each answer back that long;
 * `status` is the answer (202 by default; a 500 keeps the order failing).
 */
export class FulfilmentStub {
  readonly receipts: Receipt[] = [];
  holdMs = 0;
  status = 202;
  /** Requests received and not answered yet. */
  pending = 0;
  #server?: Server;
  #port = 0;
  #held = new Set<ServerResponse>();

  constructor(readonly secret: string) {}

  get url() {
    return `http://127.0.0.1:${this.#port}/fulfilment/orders`;
  }

  async up(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const timestamp = String(req.headers["x-portal-timestamp"] ?? "");
        const given = Buffer.from(String(req.headers["x-portal-signature"] ?? ""));
        const expected = Buffer.from(signDelivery(this.secret, timestamp, body));
        let orderNumber = "";
        try {
          orderNumber = (JSON.parse(body) as { orderNumber: string }).orderNumber;
        } catch {
          // recorded with an empty order number
        }
        this.receipts.push({
          key: String(req.headers["idempotency-key"] ?? ""),
          orderNumber,
          signatureValid: given.length === expected.length && timingSafeEqual(given, expected),
          body,
          at: Date.now(),
        });
        this.pending++;
        const answer = () => {
          this.#held.delete(res);
          this.pending--;
          const accepted = this.status < 300;
          res
            .writeHead(this.status, { "content-type": "application/json" })
            .end(accepted ? '{"accepted":true}' : '{"error":"unavailable"}');
        };
        if (this.holdMs > 0) {
          this.#held.add(res);
          setTimeout(answer, this.holdMs);
        } else answer();
      });
    });
    await new Promise<void>((resolve) => server.listen(this.#port, "127.0.0.1", resolve));
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async down(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Order numbers received at least once. */
  orderNumbers(): Set<string> {
    return new Set(this.receipts.map((r) => r.orderNumber));
  }
}

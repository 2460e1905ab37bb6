import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One message the stub received. */
export interface SmsReceipt {
  path: string;
  auth: string;
  to: string;
  from: string;
  body: string;
  /** Milliseconds since the epoch when the request arrived. */
  at: number;
}

/**
 * A Twilio-compatible SMS API in a test: a real HTTP server taking the form-encoded Messages
 * resource. `status` is what it answers (201 by default, with a Twilio-like JSON body; 4xx and
 * 5xx with `{"code":21211}`); only 2xx answers count as received. `down()` stops listening
 * (connection refused), `up()` listens again on the same port.
 */
export class SmsStub {
  /** Messages answered 2xx. */
  readonly receipts: SmsReceipt[] = [];
  /** Every request, refused ones included. */
  requests = 0;
  status = 201;
  #server?: Server;
  #port = 0;

  get url() {
    return `http://127.0.0.1:${this.#port}`;
  }

  async up(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        this.requests++;
        const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
        const ok = this.status >= 200 && this.status < 300;
        if (ok)
          this.receipts.push({
            path: req.url ?? "",
            auth: req.headers.authorization ?? "",
            to: form.get("To") ?? "",
            from: form.get("From") ?? "",
            body: form.get("Body") ?? "",
            at: Date.now(),
          });
        res
          .writeHead(this.status, { "content-type": "application/json" })
          .end(
            ok
              ? '{"sid":"SM1","status":"queued"}'
              : '{"code":21211,"message":"The \'To\' number is not a valid phone number."}',
          );
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

  /** The messages received for one number. */
  to(phone: string): SmsReceipt[] {
    return this.receipts.filter((r) => r.to === phone);
  }
}

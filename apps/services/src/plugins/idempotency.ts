import { createHash } from "node:crypto";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from "fastify";
import { badRequest, HttpError, reason } from "../lib/errors.js";
import * as keys from "../repositories/idempotency.js";

/** The header, as the draft names it. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** Longest key accepted (a UUID is 36 characters). */
export const MAX_KEY_LENGTH = 255;

/**
 * A request holding a key longer than this without an answer is taken to be abandoned (its
 * process died between claiming the key and answering) and the key can be claimed again.
 */
export const IN_FLIGHT_STALE_MS = 60_000;

// An sf-string (RFC 8941) of printable ASCII without spaces, or the same without the quotes.
const KEY = /^"?([\x21\x23-\x5b\x5d-\x7e]*)"?$/;

/** The key of a request: undefined without the header; 400 naming the header when malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers["idempotency-key"];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  const match = KEY.exec(value.trim());
  const key = match?.[1];
  if (!match || value.trim().startsWith('"') !== value.trim().endsWith('"'))
    throw badRequest(
      IDEMPOTENCY_HEADER,
      "validation.idempotencyKey.invalid",
      `${IDEMPOTENCY_HEADER} must be printable ASCII`,
    );
  if (!key)
    throw badRequest(
      IDEMPOTENCY_HEADER,
      "validation.required",
      `${IDEMPOTENCY_HEADER} must not be empty`,
    );
  if (key.length > MAX_KEY_LENGTH)
    throw badRequest(
      IDEMPOTENCY_HEADER,
      "validation.tooLong",
      `${IDEMPOTENCY_HEADER} must be at most ${MAX_KEY_LENGTH} characters`,
    );
  return key;
}

const conflict = (status: 409 | 422, code: string, message: string) =>
  new HttpError(status, message, {
    body: { statusCode: status, error: reason(status), message, field: IDEMPOTENCY_HEADER, code },
  });

interface Claimed {
  operation: string;
  scope: string;
  key: string;
}
const CLAIMED = Symbol("idempotencyKey");
type WithClaim = FastifyRequest & { [CLAIMED]?: Claimed };

/**
 * Route options making a write idempotent by its `Idempotency-Key` header
 * (draft-ietf-httpapi-idempotency-key-header): the first request with a key runs and its 2xx
 * answer is kept for IDEMPOTENCY_KEY_SECONDS (24 h); a repeat with the same key and body gets
 * that answer again (status and body, `Idempotent-Replayed: true`), the same key with another
 * body 422, a repeat while the first is still running 409. An answer other than 2xx keeps
 * nothing (the key is free again: the request may be retried once its cause is fixed). Without
 * the header the route behaves as before. `scopeOf` separates the keys of different clients
 * (purchase: the lead of the token); the fingerprint is the method, path and JSON body.
 */
export function idempotent(
  app: FastifyInstance,
  operation: string,
  scopeOf: (request: FastifyRequest) => Promise<string> = async () => "",
): { preHandler: preHandlerHookHandler; onSend: onSendHookHandler } {
  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = idempotencyKeyOf(request);
    if (key === undefined) return;
    const scope = await scopeOf(request);
    const fingerprint = createHash("sha256")
      .update(
        `${request.method} ${request.routeOptions.url}\n${JSON.stringify(request.body ?? null)}`,
      )
      .digest("hex");
    const at = app.clock.now();
    const k = { operation, scope, key, fingerprint };
    const held = await keys.claim(
      app.db,
      k,
      at,
      new Date(at.getTime() + app.env.idempotencyKeySeconds * 1000),
      new Date(at.getTime() - IN_FLIGHT_STALE_MS),
    );
    if (!held) {
      (request as WithClaim)[CLAIMED] = { operation, scope, key };
      return;
    }
    // Still running: 409 whatever the body (the first request may yet fail and free the key).
    if (held.state === "inFlight")
      throw conflict(
        409,
        "idempotency.inFlight",
        `A request with this ${IDEMPOTENCY_HEADER} is still being processed; retry later`,
      );
    if (held.fingerprint !== fingerprint)
      throw conflict(
        422,
        "idempotency.keyReused",
        `${IDEMPOTENCY_HEADER} was already used for a different request`,
      );
    return reply
      .code(held.status_code!)
      .header("content-type", "application/json; charset=utf-8")
      .header("idempotent-replayed", "true")
      .send(held.response);
  };
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claimed = (request as WithClaim)[CLAIMED];
    if (!claimed) return payload;
    delete (request as WithClaim)[CLAIMED];
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === "string")
      await keys.complete(app.db, claimed, reply.statusCode, payload);
    else await keys.release(app.db, claimed);
    return payload;
  };
  return {
    preHandler: preHandler as preHandlerHookHandler,
    onSend: onSend as onSendHookHandler,
  };
}

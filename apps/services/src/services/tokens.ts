import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Clock } from "../lib/clock.js";
import { unauthorized } from "../lib/errors.js";

/** Kinds of token the services issue; a token of one kind never passes for another. */
export type TokenKind = "lead" | "product" | "b40" | "tracking" | "coverage";

/** Lifetimes in seconds (documented in README.md). */
export const TOKEN_TTL: Record<TokenKind, number> = {
  lead: 24 * 60 * 60,
  product: 30 * 60,
  b40: 10 * 60,
  // Issue 24: the order's tracking link, from the purchase until the lead's personal fields are
  // erased (RETENTION_DAYS.submittedLeads): after that there is nobody's order to show.
  tracking: 180 * 24 * 60 * 60,
  // Issue 24: the link of a "coverage has arrived" SMS, 30 days from the import that sent it.
  coverage: 30 * 24 * 60 * 60,
};

const ISSUER = "suria-portal-services";

/** Verified claims of a token. */
export interface TokenClaims {
  sub: string;
  kind: TokenKind;
  product?: string;
}

// The one header this service signs and accepts (RFC 7515; alg pinned: no "none", no RS/HS
// confusion), encoded once.
const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

/** Ours, or another HS256 header with no extension that must be understood (as jose accepts). */
function acceptedHeader(encoded: string): boolean {
  if (encoded === HEADER) return true;
  try {
    const header = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    return (
      header?.alg === "HS256" &&
      header.crit === undefined &&
      (header.typ === undefined || header.typ === "JWT") &&
      header.b64 === undefined
    );
  } catch {
    return false;
  }
}

/**
 * Issues and verifies the HS256 JWTs (RFC 7519) of the lead, product and B40 flows, on the
 * injected clock, with node:crypto's HMAC. jose (WebCrypto) took a third of a lead's CPU: each
 * `crypto.subtle` call is an asynchronous job on the thread pool, about 26% of the services
 * process's CPU when creating leads at full speed (issue 22, bench/leads-pgbench.mjs); a
 * synchronous HMAC over 200 bytes is a few µs. The tokens are the same standard JWTs (jose's
 * `jwtVerify` accepts them: tokens.test.ts).
 */
export class TokenService {
  readonly #secret: Buffer;
  readonly #clock: Clock;
  constructor(secret: string, clock: Clock) {
    this.#secret = Buffer.from(secret, "utf8");
    this.#clock = clock;
  }

  #mac(data: string): Buffer {
    return createHmac("sha256", this.#secret).update(data).digest();
  }

  /** Signs a token of `kind` for `sub`. */
  async issue(kind: TokenKind, sub: string, extra: Record<string, string> = {}): Promise<string> {
    return this.sign(kind, sub, this.#clock.now(), extra);
  }

  /**
   * Signs a token of `kind` for `sub` as if issued at `issuedAt` (it expires TOKEN_TTL[kind]
   * later): the same inputs give the same token (the tracking link of an order, issue 24).
   */
  sign(kind: TokenKind, sub: string, issuedAt: Date, extra: Record<string, string> = {}): string {
    const now = Math.floor(issuedAt.getTime() / 1000);
    const payload = Buffer.from(
      JSON.stringify({
        kind,
        ...extra,
        iss: ISSUER,
        aud: kind,
        sub,
        iat: now,
        exp: now + TOKEN_TTL[kind],
      }),
    ).toString("base64url");
    const signed = `${HEADER}.${payload}`;
    return `${signed}.${this.#mac(signed).toString("base64url")}`;
  }

  /** Verifies a token of `kind`; throws 401 when absent, expired, tampered or of another kind. */
  async verify(kind: TokenKind, token: string | undefined): Promise<TokenClaims> {
    if (!token) throw unauthorized("Token is unavailable", "auth.token.missing");
    const parts = token.split(".");
    if (parts.length !== 3 || !acceptedHeader(parts[0] as string)) throw unauthorized();
    const [header, body, signature] = parts as [string, string, string];
    const expected = this.#mac(`${header}.${body}`);
    const given = Buffer.from(signature, "base64url");
    // Signature bytes compared in constant time; a re-encoded signature (other base64url
    // padding bits) is refused like a tampered one.
    if (
      given.length !== expected.length ||
      !timingSafeEqual(given, expected) ||
      given.toString("base64url") !== signature
    )
      throw unauthorized();
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<
        string,
        unknown
      >;
    } catch {
      throw unauthorized();
    }
    if (typeof payload !== "object" || payload === null) throw unauthorized();
    const now = Math.floor(this.#clock.now().getTime() / 1000);
    const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (
      payload.iss !== ISSUER ||
      !audience.includes(kind) ||
      payload.kind !== kind ||
      typeof payload.sub !== "string" ||
      typeof payload.exp !== "number" ||
      (payload.iat !== undefined && typeof payload.iat !== "number") ||
      (payload.nbf !== undefined && (typeof payload.nbf !== "number" || payload.nbf > now))
    )
      throw unauthorized();
    // As jose: expired once `exp` is not after now.
    if (payload.exp <= now) throw unauthorized("Token has expired", "auth.token.expired");
    return {
      sub: payload.sub,
      kind,
      product: typeof payload.product === "string" ? payload.product : undefined,
    };
  }

  /**
   * A compact signed token for a link that must stay short (the order's tracking link, sent by
   * SMS: a JWT would make it 240 characters): `<sub>.<expiry, base36 seconds>.<HMAC-SHA256 of
   * kind, sub and expiry, first 16 bytes, base64url>`, about 42 characters, with this service's
   * secret. The same inputs give the same token. `sub` has no "." and at most 40 characters.
   */
  signCompact(kind: TokenKind, sub: string, issuedAt: Date): string {
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(sub))
      throw new TypeError("sub must be 1-40 url-safe characters");
    const exp = (Math.floor(issuedAt.getTime() / 1000) + TOKEN_TTL[kind]).toString(36);
    return `${sub}.${exp}.${this.#compactMac(kind, sub, exp)}`;
  }

  /** The `sub` of a compact token of `kind`; undefined when tampered, of another kind or expired. */
  verifyCompact(kind: TokenKind, token: string): string | undefined {
    const parts = token.split(".");
    if (parts.length !== 3) return undefined;
    const [sub, exp, signature] = parts as [string, string, string];
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(sub) || !/^[0-9a-z]{1,10}$/.test(exp)) return undefined;
    const expected = Buffer.from(this.#compactMac(kind, sub, exp), "utf8");
    const given = Buffer.from(signature, "utf8");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const now = Math.floor(this.#clock.now().getTime() / 1000);
    return parseInt(exp, 36) > now ? sub : undefined;
  }

  #compactMac(kind: TokenKind, sub: string, exp: string): string {
    return this.#mac(`${ISSUER}.${kind}.${sub}.${exp}`).subarray(0, 16).toString("base64url");
  }

  /** Reads `Authorization: Bearer <jwt>` from a request and verifies it as `kind`. */
  fromRequest(kind: TokenKind, request: FastifyRequest): Promise<TokenClaims> {
    return this.verify(kind, bearer(request.headers.authorization));
  }
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

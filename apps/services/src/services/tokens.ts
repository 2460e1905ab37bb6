import { webcrypto } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { FastifyRequest } from "fastify";
import type { Clock } from "../lib/clock.js";
import { unauthorized } from "../lib/errors.js";

/** Kinds of token the services issue; a token of one kind never passes for another. */
export type TokenKind = "lead" | "product" | "b40";

/** Lifetimes in seconds (documented in README.md). */
export const TOKEN_TTL: Record<TokenKind, number> = {
  lead: 24 * 60 * 60,
  product: 30 * 60,
  b40: 10 * 60,
};

const ISSUER = "suria-portal-services";

/** Verified claims of a token. */
export interface TokenClaims {
  sub: string;
  kind: TokenKind;
  product?: string;
}

/** Issues and verifies the HS256 JWTs of the lead, product and B40 flows, on the injected clock. */
export class TokenService {
  /**
   * The HMAC key imported once as a CryptoKey: handed raw bytes, jose imports the key again on
   * every call (about 30 of the 70 µs a signature took; bench/leads-pgbench.mjs prints it).
   */
  readonly #key: Promise<webcrypto.CryptoKey>;
  readonly #clock: Clock;
  constructor(secret: string, clock: Clock) {
    this.#key = webcrypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    ) as Promise<webcrypto.CryptoKey>;
    this.#clock = clock;
  }

  /** Signs a token of `kind` for `sub`. */
  async issue(kind: TokenKind, sub: string, extra: Record<string, string> = {}): Promise<string> {
    const now = Math.floor(this.#clock.now().getTime() / 1000);
    return new SignJWT({ kind, ...extra })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(ISSUER)
      .setAudience(kind)
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_TTL[kind])
      .sign(await this.#key);
  }

  /** Verifies a token of `kind`; throws 401 when absent, expired, tampered or of another kind. */
  async verify(kind: TokenKind, token: string | undefined): Promise<TokenClaims> {
    if (!token) throw unauthorized("Token is unavailable", "auth.token.missing");
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: ["HS256"],
        issuer: ISSUER,
        audience: kind,
        currentDate: this.#clock.now(),
      });
      if (payload.kind !== kind || typeof payload.sub !== "string") throw unauthorized();
      return {
        sub: payload.sub,
        kind,
        product: typeof payload.product === "string" ? payload.product : undefined,
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired)
        throw unauthorized("Token has expired", "auth.token.expired");
      throw unauthorized();
    }
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

import { createHmac, timingSafeEqual } from "node:crypto";
import type { Clock } from "../lib/clock.js";

/** Upload rules (SPEC section 9). */
export const UPLOAD_RULES = { maxBytes: 5_000_000, validitySeconds: 15 * 60 } as const;

/** What a signed upload URL binds. */
export interface UploadGrant {
  documentId: string;
  type: string;
  max: number;
  expires: number;
}

/** Signs and checks the HMAC of upload URLs: document, declared type, size limit and expiry. */
export class UploadSigner {
  readonly #secret: string;
  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly baseUrl: string,
  ) {
    this.#secret = secret;
  }

  #mac(g: UploadGrant): string {
    return createHmac("sha256", this.#secret)
      .update(`${g.documentId}\n${g.expires}\n${g.type}\n${g.max}`)
      .digest("hex");
  }

  /** A signed URL for one document. */
  sign(documentId: string, type: string): { url: string; expiresAt: Date } {
    const expires = Math.floor(this.clock.now().getTime() / 1000) + UPLOAD_RULES.validitySeconds;
    const grant = { documentId, type, max: UPLOAD_RULES.maxBytes, expires };
    const query = new URLSearchParams({
      expires: String(expires),
      type,
      max: String(grant.max),
      sig: this.#mac(grant),
    });
    return {
      url: `${this.baseUrl}/uploads/${documentId}?${query}`,
      expiresAt: new Date(expires * 1000),
    };
  }

  /** Checks a grant from a URL: "tampered", "expired" or the grant. */
  check(documentId: string, query: Record<string, unknown>): UploadGrant | "tampered" | "expired" {
    const expires = Number(query.expires);
    const max = Number(query.max);
    const type = typeof query.type === "string" ? query.type : "";
    const sig = typeof query.sig === "string" ? query.sig : "";
    if (!Number.isInteger(expires) || !Number.isInteger(max) || !type || !sig) return "tampered";
    const grant = { documentId, type, max, expires };
    const expected = Buffer.from(this.#mac(grant));
    const actual = Buffer.from(sig);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return "tampered";
    if (expires * 1000 <= this.clock.now().getTime()) return "expired";
    return grant;
  }
}

/** Magic bytes of the accepted file types. */
export function sniffType(head: Buffer): string | undefined {
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return "image/png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return "image/jpeg";
  if (head.length >= 5 && head.subarray(0, 5).toString("latin1") === "%PDF-")
    return "application/pdf";
  if (head.length >= 2 && head[0] === 0x42 && head[1] === 0x4d) return "image/bmp";
  return undefined;
}

/** The extension of an accepted media type. */
export const EXTENSION_OF: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/bmp": "bmp",
  "application/pdf": "pdf",
};

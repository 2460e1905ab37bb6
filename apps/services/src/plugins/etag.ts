import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** A strong entity tag: a hash of the exact bytes of the body. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Splits an If-None-Match value into its tags (RFC 9110 section 13.1.2), or "*". */
export function parseIfNoneMatch(header: string): "*" | string[] {
  if (header.trim() === "*") return "*";
  return header.match(/(?:W\/)?"[^"]*"/g) ?? [];
}

const opaque = (tag: string) => (tag.startsWith("W/") ? tag.slice(2) : tag);

/** Weak comparison: two tags match when their opaque parts are equal, W/ or not. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = parseIfNoneMatch(header);
  if (tags === "*") return true;
  return tags.some((t) => opaque(t) === opaque(etag));
}

/**
 * Every successful GET/HEAD answers an ETag of its body, and a matching If-None-Match answers
 * 304 with that ETag and no body.
 */
export default fp(
  async function etag(app: FastifyInstance) {
    app.addHook("onSend", async (request, reply, payload) => {
      if (request.method !== "GET" && request.method !== "HEAD") return payload;
      if (reply.statusCode !== 200) return payload;
      if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
      if (String(reply.getHeader("cache-control") ?? "").includes("no-store")) return payload;
      const tag = (reply.getHeader("etag") as string | undefined) ?? strongEtag(payload);
      reply.header("etag", tag);
      // Revalidate every time; answers to credentialed requests stay out of shared caches.
      if (!reply.hasHeader("cache-control")) {
        reply.header(
          "cache-control",
          request.headers.authorization ? "private, no-cache" : "no-cache",
        );
      }
      if (ifNoneMatchHits(request.headers["if-none-match"], tag)) {
        reply.code(304);
        reply.removeHeader("content-type");
        reply.removeHeader("content-length");
        return "";
      }
      return payload;
    });
  },
  { name: "etag" },
);

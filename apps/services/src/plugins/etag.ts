import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "../lib/errors.js";

/** Longest accepted If-None-Match (common.yaml IfNoneMatch, maxLength). */
export const IF_NONE_MATCH_MAX_LENGTH = 1024;

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

/** Revalidate every time; answers to credentialed requests stay out of shared caches. */
export const cacheControlFor = (request: FastifyRequest): string =>
  request.headers.authorization ? "private, no-cache" : "no-cache";

/**
 * Answers 304 at once when the request's If-None-Match matches `etag` (a route that already
 * knows its ETag, e.g. a cached content answer): the ETag and Cache-Control, no body, and no
 * content headers to remove later. Returns false when the tag does not match.
 */
export function replyNotModified(reply: FastifyReply, etag: string): boolean {
  const request = reply.request;
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (!ifNoneMatchHits(request.headers["if-none-match"], etag)) return false;
  reply.code(304).headers({ etag, "cache-control": cacheControlFor(request) });
  reply.send();
  return true;
}

/**
 * Every successful GET/HEAD answers an ETag of its body, and a matching If-None-Match answers
 * 304 with that ETag and no body.
 */
export default fp(
  async function etag(app: FastifyInstance) {
    // The contract's IfNoneMatch parameter (common.yaml): a string of at most 1024 characters.
    // Only on operations that declare the parameter (and document its 400); elsewhere, e.g. the
    // never-cached ALTCHA challenge, the header plays no part.
    app.addHook("onRequest", (request, _reply, done) => {
      const header = request.headers["if-none-match"];
      if (
        header !== undefined &&
        header.length > IF_NONE_MATCH_MAX_LENGTH &&
        request.routeOptions.config?.ifNoneMatch
      ) {
        done(
          badRequest(
            "If-None-Match",
            "validation.ifNoneMatch.tooLong",
            `If-None-Match is longer than ${IF_NONE_MATCH_MAX_LENGTH} characters`,
          ),
        );
        return;
      }
      done();
    });
    // A callback hook (no promise per request); non-200 answers pass through untouched.
    app.addHook("onSend", (request, reply, payload, done) => {
      if (
        reply.statusCode !== 200 ||
        (request.method !== "GET" && request.method !== "HEAD") ||
        (typeof payload !== "string" && !Buffer.isBuffer(payload)) ||
        String(reply.getHeader("cache-control") ?? "").includes("no-store")
      ) {
        done(null, payload);
        return;
      }
      const tag = (reply.getHeader("etag") as string | undefined) ?? strongEtag(payload);
      reply.header("etag", tag);
      if (!reply.hasHeader("cache-control"))
        reply.header("cache-control", cacheControlFor(request));
      if (ifNoneMatchHits(request.headers["if-none-match"], tag)) {
        reply.code(304);
        reply.removeHeader("content-type");
        reply.removeHeader("content-length");
        done(null, "");
        return;
      }
      done(null, payload);
    });
  },
  { name: "etag" },
);

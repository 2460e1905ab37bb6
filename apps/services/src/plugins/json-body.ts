import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "../lib/errors.js";

/** The dotted path of the first string holding a NUL character, which PostgreSQL text refuses. */
export function findNul(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path || "body" : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const hit = findNul(value[i], path ? `${path}.${i}` : String(i));
      if (hit) return hit;
    }
  } else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      const hit = findNul(key, path) ? path || "body" : findNul(v, path ? `${path}.${key}` : key);
      if (hit) return hit;
    }
  }
  return undefined;
}

/**
 * JSON bodies with prototype-poisoning protection, where an empty body counts as no body (the
 * portal POSTs some calls with an empty body and a JSON content type), a JSON `null` is refused
 * (400 naming the body), and NUL characters are refused up front (400 naming the field) rather
 * than failing in the database.
 */
export default fp(
  async function jsonBody(app: FastifyInstance) {
    const parse = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      if (body === "" || (typeof body === "string" && body.trim() === "")) {
        return done(null, undefined);
      }
      parse(request, body as string, (error, parsed) => {
        if (error) return done(error, undefined);
        // Every request body is an object; a JSON `null` is a body, not the absence of one
        // (Fastify hands routes an absent body as null too, so it must stop here).
        if (parsed === null)
          return done(badRequest("body", "validation.body.type", "body must be object"), undefined);
        const field = findNul(parsed);
        if (field) {
          const last =
            field
              .split(".")
              .filter((s) => !/^\d+$/.test(s))
              .pop() ?? "body";
          return done(
            badRequest(
              field,
              `validation.${last.replace(/[^A-Za-z0-9]/g, "") || "body"}.invalid`,
              `${field} holds a NUL character`,
            ),
            undefined,
          );
        }
        done(null, parsed);
      });
    });
  },
  { name: "json-body" },
);

import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { describeAjvError } from "../openapi/ajv.js";
import { HttpError, reason } from "../lib/errors.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The operation's 400 is an EntitledError (the entitled-fibre calls), whatever went wrong. */
    entitledErrors?: boolean;
  }
}

/** An EntitledError (common.yaml) body for a 400 of the entitled-fibre calls. */
const entitledBadRequest = (message: string) => ({
  statusCode: 400,
  error: reason(400),
  message,
  errors: [{ errorCode: "INVALID_REQUEST", message }],
});

/**
 * Errors of a multipart parser (busboy, @fastify/multipart) about the body itself: a truncated or
 * malformed form is the client's fault, a 400, not a 500.
 */
const MULTIPART_MESSAGES =
  /Unexpected end of (form|file|multipart data)|Malformed part header|Multipart: Boundary not found|Malformed urlencoded form|Part terminated early|Unexpected end of headers|the request is not multipart/i;
const isMultipartError = (request: { headers: Record<string, unknown> }, error: FastifyError) =>
  String(request.headers["content-type"] ?? "").startsWith("multipart/") &&
  !(error instanceof HttpError) &&
  (error.code === "FST_INVALID_MULTIPART_CONTENT_TYPE" ||
    error.code === "FST_PROTO_VIOLATION" ||
    MULTIPART_MESSAGES.test(error.message));

/**
 * The one error handler: 400s name the field, 4xx keep their message, 5xx are logged and
 * answered with a generic body. Stacks never leave the process.
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError & Partial<HttpError>, request, reply) => {
      if (
        request.routeOptions.config?.entitledErrors &&
        !(error instanceof HttpError && error.body)
      ) {
        const status = error.validation ? 400 : (error.statusCode ?? 500);
        if (status === 400) return reply.code(400).send(entitledBadRequest(error.message));
      }
      if (isMultipartError(request, error)) {
        return reply.code(400).send({
          statusCode: 400,
          error: reason(400),
          message: "The multipart body is malformed",
          field: "body",
          code: "validation.body.malformed",
        });
      }
      if (error.validation) {
        const { field, code, message } = describeAjvError(
          error.validation[0] as never,
          error.validationContext ?? "body",
        );
        return reply.code(400).send({ statusCode: 400, error: reason(400), message, field, code });
      }
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 600
          ? error.statusCode
          : 500;
      // Deliberate error bodies (e.g. EntitledError with AWS_DYNAMODB_GET_FAILED) hold no details.
      if (error instanceof HttpError && error.body) {
        if (error.headers) reply.headers(error.headers);
        return reply.code(status).send(error.body);
      }
      // A deliberate 5xx (database unreachable: 503 with Retry-After) keeps its code and headers;
      // its cause is logged as a warning, not as a failure of ours.
      if (error instanceof HttpError && status >= 500 && error.code) {
        request.log.warn({ err: error.cause ?? error, code: error.code }, error.message);
        if (error.headers) reply.headers(error.headers);
        return reply.code(status).send({
          statusCode: status,
          error: reason(status),
          message: error.message,
          code: error.code,
        });
      }
      if (status >= 500) {
        request.log.error({ err: error }, "request failed");
        return reply
          .code(status)
          .send({ statusCode: status, error: reason(status), message: reason(status) });
      }
      if (error instanceof HttpError && error.headers) reply.headers(error.headers);
      if (error instanceof HttpError && error.body) return reply.code(status).send(error.body);
      const body: Record<string, unknown> = {
        statusCode: status,
        error: reason(status),
        message: error.message,
      };
      // Fastify's own 4xx (bad JSON, media type, size) carry FST_ codes: give them stable keys.
      const code = error instanceof HttpError ? error.code : fastifyCode(error.code, status);
      if (status === 400) body.field = (error instanceof HttpError && error.field) || "body";
      if (code) body.code = code;
      else if (status === 400) body.code = "validation.body.invalid";
      return reply.code(status).send(body);
    });
    // Every route's path as a pattern, so a known path asked with another method answers 405
    // with Allow (RFC 9110 section 15.5.6) instead of 404. The CORS preflight's catch-all
    // (`OPTIONS *`) names no path.
    const routes: { method: string; pattern: RegExp }[] = [];
    app.addHook("onRoute", (route) => {
      if (route.url === "*" || route.url === "/*") return;
      const pattern = routePattern(route.url);
      for (const method of [route.method].flat()) routes.push({ method, pattern });
    });
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split("?")[0] ?? "/";
      const allowed = new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method));
      if (allowed.size > 0 && !allowed.has(request.method)) {
        // HEAD goes with GET, and CORS answers OPTIONS on every path.
        if (allowed.has("GET")) allowed.add("HEAD");
        allowed.add("OPTIONS");
        const allow = METHOD_ORDER.filter((m) => allowed.has(m)).join(", ");
        return reply
          .code(405)
          .header("allow", allow)
          .send({
            statusCode: 405,
            error: reason(405),
            message: `Method ${request.method} is not allowed on ${path}; allowed: ${allow}`,
            code: "method.notAllowed",
          });
      }
      return reply.code(404).send({
        statusCode: 404,
        error: reason(404),
        message: `Route ${request.method} ${path} not found`,
        code: "notFound",
      });
    });
  },
  { name: "error-handler" },
);

const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** A Fastify route path (`/a/:id.:ext`, `/docs/*`) as a regular expression of request paths. */
export function routePattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) =>
      part === "*"
        ? ".*"
        : part.startsWith(":")
          ? "[^/]+?"
          : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${source.replace(/\/$/, "")}/?$`);
}

function fastifyCode(code: string | undefined, status: number): string | undefined {
  switch (code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "request.tooLarge";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "request.mediaType";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return "validation.body.invalid";
    default:
      if (code && /^[a-z]/.test(code)) return code;
      return status === 400 && code ? "validation.body.invalid" : undefined;
  }
}

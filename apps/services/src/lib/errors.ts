import { STATUS_CODES } from "node:http";

/** An error the handler turns into an ErrorBody-shaped answer; `body` overrides it entirely. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code?: string;
  readonly field?: string;
  readonly body?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  constructor(
    statusCode: number,
    message: string,
    extra: {
      code?: string;
      field?: string;
      body?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.code = extra.code;
    this.field = extra.field;
    this.body = extra.body;
    this.headers = extra.headers;
  }
}

/** The reason phrase of a status code. */
export const reason = (status: number): string => STATUS_CODES[status] ?? "Error";

/** 400 naming the field at fault. */
export const badRequest = (field: string, code: string, message?: string): HttpError =>
  new HttpError(400, message ?? `${field || "body"} is invalid`, { field: field || "body", code });

/** 401 with a stable code. */
export const unauthorized = (
  message = "Token is invalid or expired",
  code = "auth.token.invalid",
) => new HttpError(401, message, { code });

/** 403 with a stable code. */
export const forbidden = (message = "Forbidden", code = "auth.forbidden") =>
  new HttpError(403, message, { code });

/** 404 with a stable code. */
export const notFound = (message = "Not Found", code = "notFound") =>
  new HttpError(404, message, { code });

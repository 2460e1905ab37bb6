/** What went wrong: callers branch on this, never on the message. */
export type SupportSearchErrorCode = "invalid-categories" | "invalid-limit" | "invalid-fields";

/** The one error this package throws, for misuse only (bad input shape or option). */
export class SupportSearchError extends Error {
  override readonly name = "SupportSearchError";
  readonly code: SupportSearchErrorCode;

  constructor(code: SupportSearchErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

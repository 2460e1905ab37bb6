import type { FieldError } from "@portal/validation";
import type { LeadUpdateFlags } from "./mapping.js";

/** Why a lead-flow call failed; branch on this, never on the message. */
export type LeadFlowErrorCode =
  /** A token-gated call without a saved lead token ('Token is unavailable'); nothing was sent. */
  | "missing-token"
  /** The entitled-fibre call without a product token ('{product} Token is unavailable'). */
  | "missing-product-token"
  /** The input failed a @portal/validation rule; `fieldErrors` says which. Nothing was sent. */
  | "invalid-input"
  /** An OTP was requested again before the 180 s gap; `retryAfterSeconds` says how long to wait. */
  | "otp-resend-too-soon"
  /** verify-otp answered `verified: false`; `attemptsLeft` says how many tries remain. */
  | "otp-incorrect"
  /** A call that needs an earlier step (e.g. verify before generate). */
  | "invalid-step"
  /** The lead update was refused; `flags` says which field (or coverage). */
  | "lead-update-rejected"
  /** The entitled-fibre check failed; `entitledCode` is the mapped error code. */
  | "entitled-rejected"
  /**
   * The referral code cannot be used for this journey: `referralStatus` is `notFound`, `expired`,
   * `exhausted` or `product` (a code for the other product).
   */
  | "referral-rejected"
  /**
   * The upload PUT failed; `statusCode` and `reason` say why when the uploads service answered
   * (e.g. 415 `upload.type.mismatch`: the bytes are not the type the file claims).
   */
  | "upload-failed"
  /** Any other failed request; `statusCode` and `cause` carry the transport's failure. */
  | "request-failed";

/** Why a referral code was refused. */
export type ReferralRejection = "notFound" | "expired" | "exhausted" | "product";

/** Plain data of a LeadFlowError, as kept in the flow's state. */
export interface LeadFlowErrorInfo {
  code: LeadFlowErrorCode;
  message: string;
  statusCode?: number;
  fieldErrors?: FieldError[];
  flags?: LeadUpdateFlags;
  entitledCode?: string;
  retryAfterSeconds?: number;
  attemptsLeft?: number;
  referralStatus?: ReferralRejection;
  /**
   * The service's own reason, the `code` of its error body, when it sent one: e.g. `otp.locked`,
   * `otp.expired` or `otp.used` on a 410 from verify-otp (see openapi/shop.yaml).
   */
  reason?: string;
}

/** The one error class of @portal/lead-flow. */
export class LeadFlowError extends Error implements LeadFlowErrorInfo {
  override readonly name = "LeadFlowError";
  readonly code: LeadFlowErrorCode;
  readonly statusCode?: number;
  readonly fieldErrors?: FieldError[];
  readonly flags?: LeadUpdateFlags;
  readonly entitledCode?: string;
  readonly retryAfterSeconds?: number;
  readonly attemptsLeft?: number;
  readonly referralStatus?: ReferralRejection;
  readonly reason?: string;

  constructor(
    code: LeadFlowErrorCode,
    message: string,
    details: Omit<LeadFlowErrorInfo, "code" | "message"> & { cause?: unknown } = {},
  ) {
    const { cause, ...info } = details;
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    Object.assign(this, info);
  }

  /** The serialisable part, as stored in the state. */
  toInfo(): LeadFlowErrorInfo {
    const info: LeadFlowErrorInfo = { code: this.code, message: this.message };
    if (this.statusCode !== undefined) info.statusCode = this.statusCode;
    if (this.fieldErrors) info.fieldErrors = this.fieldErrors;
    if (this.flags) info.flags = this.flags;
    if (this.entitledCode !== undefined) info.entitledCode = this.entitledCode;
    if (this.retryAfterSeconds !== undefined) info.retryAfterSeconds = this.retryAfterSeconds;
    if (this.attemptsLeft !== undefined) info.attemptsLeft = this.attemptsLeft;
    if (this.referralStatus !== undefined) info.referralStatus = this.referralStatus;
    if (this.reason !== undefined) info.reason = this.reason;
    return info;
  }
}

/** Type guard for LeadFlowError, optionally of one code. */
export function isLeadFlowError(value: unknown, code?: LeadFlowErrorCode): value is LeadFlowError {
  return value instanceof LeadFlowError && (code === undefined || value.code === code);
}

/** The exact rejection text of a token-gated call without a saved token (SPEC 4). */
export const TOKEN_UNAVAILABLE = "Token is unavailable";

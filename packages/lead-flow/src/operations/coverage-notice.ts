import type { JourneyOrigin } from "../state.js";
import type { Address, Coverage } from "../types.js";
import { toRequestError, type OperationContext } from "./context.js";

/**
 * The form of a coverage link's token (openapi/shop.yaml `getCoverageNotice`): the registration's
 * id, the expiry in base36 and a 22-character signature, dot-separated.
 */
export const COVERAGE_NOTICE_TOKEN = /^[0-9a-f-]{36}\.[0-9a-z]{1,10}\.[A-Za-z0-9_-]{22}$/;

/** "Coverage has arrived" (issue 24): the SMS's link opens the journey at the address. */
export interface CoverageNoticeOperations {
  openCoverageNotice(token: string): Promise<Coverage>;
}

export function createCoverageNoticeOperations(
  ctx: OperationContext,
  begin: (origin: JourneyOrigin) => void,
  selectAddress: (address: Address) => Promise<Coverage>,
): CoverageNoticeOperations {
  const { api, store } = ctx;

  /**
   * Reads the link's address and plan, begins the journey with the plan (the choice, as a
   * `?package=` link does) and selects the address: the lead records it and the journey is at
   * the plan step with the plan chosen. A malformed token fails before any request; a refused
   * one (tampered, expired) fails with the service's 404.
   */
  async function openCoverageNotice(token: string): Promise<Coverage> {
    if (!COVERAGE_NOTICE_TOKEN.test(token))
      return ctx.invalid("openCoverageNotice", [{ field: "token", code: "validation.invalid" }]);
    store.dispatch({ type: "started", operation: "openCoverageNotice" });
    let notice: { address: Address; packageId?: string };
    try {
      ({ data: notice } = await api.shop.getCoverageNotice({ token }));
    } catch (cause) {
      return ctx.fail("openCoverageNotice", toRequestError(cause));
    }
    begin(notice.packageId ? { packageId: notice.packageId } : {});
    const coverage = await selectAddress(notice.address);
    store.dispatch({ type: "coverageNoticeOpened" });
    return coverage;
  }

  return { openCoverageNotice };
}

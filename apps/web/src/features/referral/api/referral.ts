import { queryOptions } from "@tanstack/react-query";
import { isApiError } from "@portal/api-client";
import { api, type ContentData } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** A referral code: who referred, the product, the reward and whether it can still be used. */
export type ReferralInfo = ContentData<"getReferralInfo">;

/** Where one referral stands. */
export type ReferralStatus = ContentData<"checkReferralStatus">;

/** A 4xx answer is the service's verdict on the code: asking again changes nothing. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  !(isApiError(error, "http") && error.statusCode < 500) && failures < 2;

/**
 * A referral code's details, with the reward text in the given language. Only called with a code
 * `referralCodeSchema` accepts (the page refuses others before any request).
 */
export const referralInfoQueryOptions = (lang: Lang, code: string) =>
  queryOptions({
    queryKey: ["content", "referral", lang, code],
    queryFn: async () => (await api.content.getReferralInfo({ code, lang })).data,
    retry: retryUnlessRefused,
  });

/** The status of the referral of `phoneNumber` under `referralCode`. */
export async function checkReferralStatus(input: {
  referralCode: string;
  phoneNumber: string;
}): Promise<ReferralStatus> {
  return (await api.content.checkReferralStatus(input)).data;
}

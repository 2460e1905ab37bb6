import { queryOptions } from "@tanstack/react-query";
import { api, type ContentData } from "../../../shared/api";
import type { Lang } from "../../../shared/language";

/** A referral code: who referred, the product, the reward and whether it can still be used. */
export type ReferralInfo = ContentData<"getReferralInfo">;

/** Where one referral stands. */
export type ReferralStatus = ContentData<"checkReferralStatus">;

/** Referral codes are upper-case letters and digits; visitors type them any way. */
export function normaliseReferralCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

/** A referral code's details, with the reward text in the given language. */
export const referralInfoQueryOptions = (lang: Lang, code: string) =>
  queryOptions({
    queryKey: ["content", "referral", lang, code],
    queryFn: async () => (await api.content.getReferralInfo({ code, lang })).data,
  });

/** The status of the referral of `phoneNumber` under `referralCode`. */
export async function checkReferralStatus(input: {
  referralCode: string;
  phoneNumber: string;
}): Promise<ReferralStatus> {
  return (await api.content.checkReferralStatus(input)).data;
}

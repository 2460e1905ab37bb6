import { formatRinggit } from "@portal/ui";
import type { Lang } from "./language";

/** Formats a ringgit amount with 2 decimals when it has cents ("99" or "99.90"). */
export const formatRm = formatRinggit;

const MONTHS: Record<Lang, readonly string[]> = {
  bm: ["Jan", "Feb", "Mac", "Apr", "Mei", "Jun", "Jul", "Ogo", "Sep", "Okt", "Nov", "Dis"],
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
};

/**
 * A short calendar date for cards, "21 Nov 2026" (day month year, as Malaysians write it in both
 * languages), read in UTC like the content's dates.
 *
 * Not Intl.DateTimeFormat on purpose: its first use makes the engine load ICU's calendar data,
 * 90 to 180 ms of main thread on a mid-range phone, and the home page's article cards would pay
 * it during the first load (Total Blocking Time). Detail pages keep intl.formatDate.
 */
export function formatShortDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getUTCDate()} ${MONTHS[lang][date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const DATE_LOCALE: Record<Lang, string> = { bm: "ms-MY", en: "en-MY" };

/**
 * A calendar date as Malaysians write it, day first in both languages: "1 Oktober 2026" /
 * "1 October 2026" (`long`), "1 Okt 2026" / "1 Oct 2026" (`medium`). Malaysian English (en-MY),
 * not the app's plain "en", whose dates are American ("October 1, 2026"). Read in UTC like the
 * content's dates; an invalid date gives "".
 */
export function formatDate(iso: string, lang: Lang, style: "long" | "medium" = "long"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(DATE_LOCALE[lang], { dateStyle: style, timeZone: "UTC" }).format(
    date,
  );
}

/** A date and time in Malaysia's time zone: "1 Oktober 2026 pada 10:30 PG" / "1 October 2026 at 10:30 am". */
export function formatDateTime(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(DATE_LOCALE[lang], {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Asia/Kuala_Lumpur",
  }).format(date);
}

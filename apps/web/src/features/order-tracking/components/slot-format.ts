import type { IntlShape } from "react-intl";
import { trackingMessages as messages } from "../messages";

/** Malaysia's time zone: the windows and the days are Malaysian. */
export const MYT = { timeZone: "Asia/Kuala_Lumpur" } as const;

/**
 * Malaysian English and Malay, day first ("Thursday, 26 November 2026", "Khamis, 26 November
 * 2026"), as the sign-up's slot step writes them: the plain "en" locale would write American dates.
 */
export const dateLocale = (intl: IntlShape) => (intl.locale.startsWith("en") ? "en-MY" : "ms-MY");

/** An installation day as the visitor reads it ("Thursday, 26 November 2026"). */
export function formatDay(intl: IntlShape, date: string): string {
  return new Intl.DateTimeFormat(dateLocale(intl), {
    ...MYT,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date(`${date}T12:00:00+08:00`));
}

/** A moment, day first, with the time ("25 November 2026 at 5:00 pm"). */
export function formatMoment(intl: IntlShape, iso: string): string {
  return new Intl.DateTimeFormat(dateLocale(intl), {
    ...MYT,
    dateStyle: "long",
    timeStyle: "short",
  }).format(new Date(iso));
}

/** A booked slot: its day, then its window with the hours. */
export function formatBooked(
  intl: IntlShape,
  booked: { date: string; slot: "morning" | "afternoon" },
): string {
  return intl.formatMessage(messages.installationWhen, {
    date: formatDay(intl, booked.date),
    window: intl.formatMessage(
      booked.slot === "morning" ? messages.installationMorning : messages.installationAfternoon,
    ),
  });
}

/** A time of the timeline, day first ("21 Nov 2026, 10:01 am"). */
export function formatWhen(intl: IntlShape, iso: string): string {
  return new Intl.DateTimeFormat(dateLocale(intl), {
    ...MYT,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

/** A day, day first ("20 May 2027"). */
export function formatDate(intl: IntlShape, iso: string): string {
  return new Intl.DateTimeFormat(dateLocale(intl), { ...MYT, dateStyle: "long" }).format(
    new Date(iso),
  );
}

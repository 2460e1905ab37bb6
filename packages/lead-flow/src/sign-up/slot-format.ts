import { defineMessages, type IntlShape } from "react-intl";

// How an installation slot reads, shared by the slot step, the order summary and the
// confirmation (a module of its own, so the confirmation needs none of the slot step's code).

/** The windows' names and how a slot reads. */
export const slotMessages = defineMessages({
  morning: {
    id: "signup.slot.morning",
    defaultMessage: "Morning, {from}–{to}",
    description: "Installation window: the morning, with its hours",
  },
  afternoon: {
    id: "signup.slot.afternoon",
    defaultMessage: "Afternoon, {from}–{to}",
    description: "Installation window: the afternoon, with its hours",
  },
  when: {
    id: "signup.slot.when",
    defaultMessage: "{date}, {window}",
    description: "An installation slot: the day, then the window",
  },
});

/** Malaysia's time zone: the windows and the days are Malaysian. */
export const ZONE = "Asia/Kuala_Lumpur";

/** A slot as the visitor reads it: "Tuesday, 24 November 2026, Morning, 09:00–13:00". */
export function formatSlot(
  intl: IntlShape,
  slot: { date: string; slot: "morning" | "afternoon"; from: string; to: string },
): string {
  return intl.formatMessage(slotMessages.when, {
    date: formatDay(intl, slot.date),
    window: intl.formatMessage(slotMessages[slot.slot], { from: slot.from, to: slot.to }),
  });
}

/**
 * Malaysian English and Malay, day first ("Tuesday, 24 November 2026", "Selasa, 24 November
 * 2026"): the plain "en" locale would write American dates.
 */
export const dateLocale = (intl: IntlShape) => (intl.locale.startsWith("ms") ? "ms-MY" : "en-MY");

/** A day in Malaysia, day first (dateLocale). */
export function formatDay(intl: IntlShape, date: string): string {
  return new Intl.DateTimeFormat(dateLocale(intl), {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: ZONE,
  }).format(new Date(`${date}T12:00:00+08:00`));
}

import type { MessageKey } from "./codes.js";
import type { Language } from "./enums.js";
import bm from "./messages/bm.json";
import en from "./messages/en.json";

/** A catalog: one translated text per message key. */
export type MessageCatalog = Readonly<Record<MessageKey, string>>;

/** The bm and en catalogs of every validation message key (flat, react-intl ready). */
export const validationMessages: Readonly<Record<Language, MessageCatalog>> = { bm, en };

/** Returns the text for a message key in a language (bm when the language is unknown). */
export function formatValidationMessage(code: MessageKey, language: Language = "bm"): string {
  const catalog = validationMessages[language] ?? validationMessages.bm;
  return catalog[code];
}

import { defineMessages } from "react-intl";

/** Names of the audio languages of channels. */
export const audioLanguageMessages = defineMessages({
  ms: { id: "audio.ms", defaultMessage: "Malay", description: "Audio language" },
  en: { id: "audio.en", defaultMessage: "English", description: "Audio language" },
  zh: { id: "audio.zh", defaultMessage: "Chinese", description: "Audio language" },
  ta: { id: "audio.ta", defaultMessage: "Tamil", description: "Audio language" },
  multi: { id: "audio.multi", defaultMessage: "Several languages", description: "Audio language" },
});

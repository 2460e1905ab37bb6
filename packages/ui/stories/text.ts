import { useIntl } from "react-intl";

/** Sample content in the catalogue's current language (the app would pass its own text). */
export function useText(): (bm: string, en: string) => string {
  const { locale } = useIntl();
  return (bm, en) => (locale === "en" ? en : bm);
}

/**
 * react-intl's `createIntl` calls `Intl.NumberFormat.supportedLocalesOf` and
 * `Intl.DateTimeFormat.supportedLocalesOf` for the provider's locale, only to warn when the browser
 * lacks that locale's data. The first such call makes the engine load ICU's locale tables: 60 to
 * 110 ms of main thread on a mid-range phone (Lighthouse's 4x CPU slowdown), the largest single
 * piece of the first load's blocking time, spent on a check whose answer we know.
 *
 * The portal's two locales ('ms' and 'en', see `htmlLang`) ship with every engine we support, so
 * for them the answer is given here without asking ICU; any other request still asks. Imported
 * first by main.tsx, before any IntlProvider renders.
 */
export const KNOWN_LOCALES: ReadonlySet<string> = new Set(["ms", "en"]);

type SupportedLocalesOf = (
  locales: string | readonly string[] | undefined,
  options?: { localeMatcher?: "lookup" | "best fit" },
) => string[];

/** Replaces `supportedLocalesOf` of the given Intl constructors; returns a function that undoes it. */
export function answerKnownLocales(
  constructors: ReadonlyArray<{ supportedLocalesOf: SupportedLocalesOf }> = [
    Intl.NumberFormat,
    Intl.DateTimeFormat,
  ],
): () => void {
  const originals = constructors.map((ctor) => ctor.supportedLocalesOf);
  constructors.forEach((ctor, i) => {
    const ask = originals[i]!;
    const answer: SupportedLocalesOf = (locales, options) =>
      typeof locales === "string" && KNOWN_LOCALES.has(locales)
        ? [locales]
        : ask.call(ctor, locales as string[], options);
    Object.defineProperty(ctor, "supportedLocalesOf", {
      value: answer,
      configurable: true,
      writable: true,
    });
  });
  return () =>
    constructors.forEach((ctor, i) =>
      Object.defineProperty(ctor, "supportedLocalesOf", {
        value: originals[i],
        configurable: true,
        writable: true,
      }),
    );
}

import { createIntl } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import bm from "../../lang/bm.json";
import en from "../../lang/en.json";
import { answerKnownLocales, KNOWN_LOCALES } from "../intl-locales";
import { htmlLang } from "../language";
import { shellMessages } from "../messages";

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
  vi.restoreAllMocks();
});

describe("answerKnownLocales", () => {
  it("answers the portal's locales without asking ICU, and asks for any other", () => {
    const fake = { supportedLocalesOf: vi.fn((_locales: unknown, _options?: unknown) => ["xx"]) };
    undo = answerKnownLocales([fake]);
    expect(fake.supportedLocalesOf("ms")).toEqual(["ms"]);
    expect(fake.supportedLocalesOf("en")).toEqual(["en"]);
    expect(fake.supportedLocalesOf("th")).toEqual(["xx"]);
    expect(fake.supportedLocalesOf(["ms", "en"])).toEqual(["xx"]);
  });

  it("covers both languages' html locales and can be undone", () => {
    expect([...KNOWN_LOCALES].sort()).toEqual([htmlLang("en"), htmlLang("bm")].sort());
    const original = Intl.NumberFormat.supportedLocalesOf;
    undo = answerKnownLocales();
    expect(Intl.NumberFormat.supportedLocalesOf).not.toBe(original);
    undo();
    undo = undefined;
    expect(Intl.NumberFormat.supportedLocalesOf).toBe(original);
  });

  it("spares react-intl's locale check, and the contract message needs no NumberFormat", () => {
    // The spies sit under the answer: they see what would reach ICU.
    const numberCheck = vi.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    const dateCheck = vi.spyOn(Intl.DateTimeFormat, "supportedLocalesOf");
    undo = answerKnownLocales();
    const numberFormat = vi.spyOn(
      Intl.NumberFormat.prototype as unknown as { readonly format: unknown },
      "format",
      "get",
    );
    const format = (locale: string, catalog: Record<string, { defaultMessage: string }>) =>
      createIntl({
        locale,
        messages: Object.fromEntries(
          Object.entries(catalog).map(([k, v]) => [k, v.defaultMessage]),
        ),
        onError: (error) => {
          throw error;
        },
      });
    const ms = format("ms", bm);
    expect(ms.formatMessage(shellMessages.contractMonths, { months: 24 })).toBe("Kontrak 24 bulan");
    expect(ms.formatMessage(shellMessages.contractMonths, { months: 0 })).toBe("Tiada kontrak");
    const english = format("en", en);
    expect(english.formatMessage(shellMessages.contractMonths, { months: 1 })).toBe(
      "1 month contract",
    );
    expect(english.formatMessage(shellMessages.contractMonths, { months: 12 })).toBe(
      "12 months contract",
    );
    expect(numberFormat).not.toHaveBeenCalled();
    expect(numberCheck).not.toHaveBeenCalled();
    expect(dateCheck).not.toHaveBeenCalled();
    // Without the answer, react-intl asks ICU (what this spares).
    undo();
    undo = undefined;
    const pound = format("ms", { x: { defaultMessage: "{n, plural, other {# x}}" } });
    expect(pound.formatMessage({ id: "x" }, { n: 2 })).toBe("2 x");
    expect(numberCheck).toHaveBeenCalledWith("ms");
    expect(numberFormat).toHaveBeenCalled();
  });
});

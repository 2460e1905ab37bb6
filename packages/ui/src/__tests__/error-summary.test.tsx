// @vitest-environment jsdom
import { act, useState } from "react";
import { createRoot } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { IntlProvider } from "react-intl";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import bm from "../lang/bm.json";
import en from "../lang/en.json";
import { ErrorSummary, RadioGroup, TextField, type ErrorSummaryEntry } from "../index.js";

const flat = (c: Record<string, { defaultMessage: string }>) =>
  Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.defaultMessage]));
const catalogs = { ms: flat(bm), en: flat(en) };

const entries: ErrorSummaryEntry[] = [
  { id: "pc", message: "A postcode has exactly 5 digits." },
  { id: "type", message: "Choose landed or multi-storey." },
];

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  document.body.innerHTML = "";
});

describe("ErrorSummary", () => {
  it.each([
    ["ms", "2 ruangan perlu diperbetulkan", "Satu ruangan perlu diperbetulkan"],
    ["en", "2 fields need your attention", "One field needs your attention"],
  ] as const)("lists the fields as links under a counted heading (%s)", (locale, two, one) => {
    const render = (errors: ErrorSummaryEntry[]) =>
      renderToStaticMarkup(
        <IntlProvider locale={locale} messages={catalogs[locale]}>
          <ErrorSummary errors={errors} />
        </IntlProvider>,
      );
    const html = render(entries);
    expect(html).toMatch(/^<div class="pui-error-summary" role="alert" tabindex="-1"/);
    expect(html).toContain("data-error-summary");
    expect(html).toContain(`>${two}</h2>`);
    expect(html).toContain('<a href="#pc">A postcode has exactly 5 digits.</a>');
    expect(html).toContain('<a href="#type">Choose landed or multi-storey.</a>');
    expect(render(entries.slice(0, 1))).toContain(`>${one}</h2>`);
    expect(render([])).toBe("");
    expect(
      render([{ id: "pc", label: "Poskod", message: "Poskod mempunyai tepat 5 digit." }]),
    ).toContain('<a href="#pc">Poskod: Poskod mempunyai tepat 5 digit.</a>');
  });

  it("passes other attributes to its element, keeping what makes it a summary", () => {
    const html = renderToStaticMarkup(
      <IntlProvider locale="en" messages={catalogs.en}>
        <ErrorSummary errors={entries} data-testid="error-summary" id="s" role="status" />
      </IntlProvider>,
    );
    const host = document.createElement("div");
    host.innerHTML = html;
    const summary = host.firstElementChild!;
    expect(summary.getAttribute("data-testid")).toBe("error-summary");
    expect(summary.id).toBe("s");
    expect(summary.getAttribute("role")).toBe("alert");
    expect(summary.getAttribute("tabindex")).toBe("-1");
    expect(summary.hasAttribute("data-error-summary")).toBe(true);
  });

  it("takes focus when it appears, and a link moves focus to its field", () => {
    const host = document.createElement("div");
    document.body.append(host);
    let submit!: () => void;
    function Form() {
      const [errors, setErrors] = useState<ErrorSummaryEntry[]>([]);
      submit = () => setErrors(entries);
      return (
        <form>
          <ErrorSummary errors={errors} />
          <TextField id="pc" label="Postcode" error={errors[0]?.message} />
          <RadioGroup
            id="type"
            name="type"
            label="Residence type"
            options={[
              { value: "landed", label: "Landed" },
              { value: "multiStorey", label: "Multi-storey" },
            ]}
          />
        </form>
      );
    }
    const root = createRoot(host);
    act(() =>
      root.render(
        <IntlProvider locale="en" messages={catalogs.en}>
          <Form />
        </IntlProvider>,
      ),
    );
    expect(host.querySelector("[data-error-summary]")).toBeNull();
    act(() => submit());
    const summary = host.querySelector<HTMLElement>("[data-error-summary]")!;
    expect(document.activeElement).toBe(summary);
    act(() => summary.querySelector<HTMLAnchorElement>('a[href="#type"]')!.click());
    // The radio group's link lands on its first option.
    expect(document.activeElement).toBe(host.querySelector('input[type="radio"][value="landed"]'));
    expect(document.activeElement?.id).toBe("type");
    act(() => summary.querySelector<HTMLAnchorElement>('a[href="#pc"]')!.click());
    expect(document.activeElement).toBe(host.querySelector("input#pc"));
    act(() => root.unmount());
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { IntlProvider } from "react-intl";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import bm from "../lang/bm.json";
import en from "../lang/en.json";
import { Banner, Breadcrumbs, ErrorState, RadioGroup, SiteHeader, TextField } from "../index.js";

const flat = (c: Record<string, { defaultMessage: string }>) =>
  Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.defaultMessage]));

function render(node: ReactNode, locale: "ms" | "en" = "ms") {
  return renderToStaticMarkup(
    <IntlProvider locale={locale} messages={flat(locale === "ms" ? bm : en)}>
      {node}
    </IntlProvider>,
  );
}

describe("Banner", () => {
  it("uses dark text on a light colourCode and a translated close label", () => {
    const html = render(
      <Banner kind="promotion" label="Promo" colourCode="#ffffff" onClose={() => {}}>
        x
      </Banner>,
    );
    expect(html).toContain('data-tone="dark"');
    expect(html).toContain("pui-banner--on-light");
    expect(html).toContain('aria-label="Tutup Promo"');
  });
  it("uses light text on a dark colourCode and has no close button without onClose", () => {
    const html = render(
      <Banner kind="announcement" label="News" colourCode="rgb(10,20,30)">
        x
      </Banner>,
      "en",
    );
    expect(html).toContain('data-tone="light"');
    expect(html).not.toContain("<button");
  });
});

describe("states and fields", () => {
  it("ErrorState shows a retry button in the current language", () => {
    expect(render(<ErrorState onRetry={() => {}} />)).toContain("Cuba lagi");
    expect(render(<ErrorState onRetry={() => {}} />, "en")).toContain("Try again");
  });
  it("TextField links its error by aria-describedby", () => {
    const html = render(<TextField id="pc" label="Postcode" error="Bad" />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="pc-error"');
    expect(html).toContain('id="pc-error"');
  });
  it("RadioGroup renders a fieldset with a legend", () => {
    const html = render(
      <RadioGroup label="Type" name="t" options={[{ value: "a", label: "A" }]} value="a" />,
    );
    expect(html).toMatch(/<fieldset[^>]*><legend/);
    expect(html).toContain("checked");
  });
  it("Breadcrumbs marks the last crumb as the current page", () => {
    const html = render(
      <Breadcrumbs
        items={[
          { key: "h", label: "Home" },
          { key: "c", label: "Channel" },
        ]}
      />,
    );
    expect(html).toContain('<li aria-current="page">Channel</li>');
  });
});

describe("SiteHeader", () => {
  it("puts the navigation behind a Menu disclosure, closed at first", () => {
    const html = render(
      <SiteHeader
        brand="Suria"
        nav={
          <nav aria-label="Main">
            <a href="/">Home</a>
          </nav>
        }
      />,
    );
    const controls = /aria-controls="([^"]+)"/.exec(html)?.[1];
    expect(html).toMatch(/<button type="button" class="pui-header__menu" aria-expanded="false"/);
    expect(html).toContain(`id="${controls}" class="pui-header__nav"`);
    expect(html).not.toContain("data-open");
    expect(html).toContain("Menu</button>");
  });
  it("has no menu button without navigation", () => {
    expect(render(<SiteHeader brand="Suria" />, "en")).not.toContain("<button");
  });
});

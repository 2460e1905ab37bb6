import { renderToStaticMarkup } from "react-dom/server";
import { IntlProvider } from "react-intl";
import { describe, expect, it } from "vitest";
import bm from "../lang/bm.json";
import en from "../lang/en.json";
import { Pagination, pageWindow, type PageLinkAttributes } from "../index.js";

const flat = (c: Record<string, { defaultMessage: string }>) =>
  Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.defaultMessage]));

const render = (page: number, total: number, locale = "en") =>
  renderToStaticMarkup(
    <IntlProvider locale={locale} messages={flat(locale === "en" ? en : bm)}>
      <Pagination
        page={page}
        total={total}
        renderLink={(n, children, _kind, attrs: PageLinkAttributes) => (
          <a href={`?page=${n}`} {...attrs}>
            {children}
          </a>
        )}
      />
    </IntlProvider>,
  );

describe("Pagination", () => {
  it("shows the first, the last and the current page's neighbours, gaps as null", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
    expect(pageWindow(40, 263)).toEqual([1, null, 39, 40, 41, null, 263]);
    expect(pageWindow(263, 263)).toEqual([1, null, 262, 263]);
  });

  it("renders a named nav of links, the current one aria-current, prev and next", () => {
    const html = render(2, 3);
    expect(html).toBe(
      '<nav class="pui-pagination" aria-label="Pagination">' +
        '<p class="pui-pagination__status">Page 2 of 3</p><ul class="pui-pagination__list">' +
        '<li class="pui-pagination__step"><a href="?page=1">Previous</a></li>' +
        '<li><a href="?page=1" aria-label="Page 1">1</a></li>' +
        '<li><a href="?page=2" aria-label="Page 2" aria-current="page">2</a></li>' +
        '<li><a href="?page=3" aria-label="Page 3">3</a></li>' +
        '<li class="pui-pagination__step"><a href="?page=3">Next</a></li></ul></nav>',
    );
  });

  it("has no previous link on the first page, no next on the last, nothing for one page", () => {
    expect(render(1, 3)).not.toContain("Previous");
    expect(render(3, 3)).not.toContain("Next");
    expect(render(1, 1)).toBe("");
  });

  it("marks a gap with an empty, hidden item (the stylesheet draws the ellipsis)", () => {
    const html = render(40, 263);
    expect(html.match(/<li class="pui-pagination__gap" aria-hidden="true"><\/li>/g)).toHaveLength(
      2,
    );
    expect(html).toContain('<a href="?page=263" aria-label="Page 263">263</a>');
  });

  it("speaks Malay", () => {
    const html = render(1, 2, "ms");
    expect(html).toContain('aria-label="Penomboran halaman"');
    expect(html).toContain("Halaman 1 daripada 2");
    expect(html).toContain('aria-label="Halaman 2"');
    expect(html).toContain(">Seterusnya<");
  });
});

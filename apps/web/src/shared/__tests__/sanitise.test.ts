// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { sanitiseHtml } from "../sanitise";

declare global {
  interface Window {
    __pwned?: number;
  }
}

afterEach(() => {
  delete window.__pwned;
  document.body.innerHTML = "";
});

/** Inserts HTML the way a script-running browser would (scripts in a fragment do execute). */
function insert(html: string) {
  const fragment = document.createRange().createContextualFragment(html);
  document.body.append(fragment);
}

describe("sanitiseHtml (DOMPurify, HTML profile)", () => {
  it("removes <script> so its payload never runs", () => {
    const payload = "<p>Hi</p><script>window.__pwned = 1</script>";
    const clean = sanitiseHtml(payload);
    expect(clean).toBe("<p>Hi</p>");
    insert(clean);
    expect(window.__pwned).toBeUndefined();
  });

  it("removes onerror and other event handlers", () => {
    const clean = sanitiseHtml(
      '<img src="x" onerror="window.__pwned = 1"><a href="#" onclick="window.__pwned = 2">x</a>',
    );
    expect(clean).not.toMatch(/onerror|onclick/i);
    expect(clean).toContain('<img src="x">');
    insert(clean);
    document.querySelector("img")?.dispatchEvent(new Event("error"));
    document.querySelector("a")?.dispatchEvent(new MouseEvent("click"));
    expect(window.__pwned).toBeUndefined();
  });

  it("removes javascript: URLs and SVG (HTML profile only)", () => {
    const clean = sanitiseHtml(
      '<a href="javascript:window.__pwned=1">x</a><svg onload="window.__pwned=1"></svg>',
    );
    expect(clean).not.toContain("javascript:");
    expect(clean).not.toContain("<svg");
  });

  it("keeps ordinary CMS markup", () => {
    const html =
      '<h2>Title</h2><p>Text with <a href="/fibre">a link</a>.</p><ul><li>One</li></ul><table><tbody><tr><td>1</td></tr></tbody></table>';
    expect(sanitiseHtml(html)).toBe(html);
  });

  it("adds rel=noopener to links that open a new window", () => {
    expect(sanitiseHtml('<a href="https://example.com" target="_blank">x</a>')).toContain(
      'rel="noopener noreferrer"',
    );
  });

  it("returns an empty string for empty input", () => {
    expect(sanitiseHtml(undefined)).toBe("");
    expect(sanitiseHtml("")).toBe("");
  });
});

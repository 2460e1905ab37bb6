// @vitest-environment jsdom
// A page the browser prerenders (speculation rules) may never be shown: its analytics wait until
// the visitor opens it (the `prerenderingchange` event), and are sent once then.
import { afterEach, describe, expect, it } from "vitest";
import { track } from "../analytics";

const setPrerendering = (value: boolean) =>
  Object.defineProperty(document, "prerendering", { value, configurable: true });

afterEach(() => {
  setPrerendering(false);
  delete window.dataLayer;
});

describe("track", () => {
  it("pushes at once on a page the visitor sees, with the language, masking a phone number", () => {
    track({ event: "search", search_term: "call 0123456789", results: 2 }, "bm");
    expect(window.dataLayer).toEqual([
      { event: "search", search_term: "call [phone]", results: 2, language: "bm" },
    ]);
  });

  it("waits while the page is prerendered, then pushes once when it is shown", () => {
    setPrerendering(true);
    track({ event: "banner_close", banner: "promotion", via: "url" }, "en");
    expect(window.dataLayer).toBeUndefined();
    setPrerendering(false);
    document.dispatchEvent(new Event("prerenderingchange"));
    document.dispatchEvent(new Event("prerenderingchange"));
    expect(window.dataLayer).toEqual([
      { event: "banner_close", banner: "promotion", via: "url", language: "en" },
    ]);
  });
});

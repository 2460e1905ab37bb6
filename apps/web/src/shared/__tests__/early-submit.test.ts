// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LANGUAGE_STORAGE_KEY, runBoot } from "../language";

/** What React leaves on an element it has hydrated. */
const hydrate = (...elements: Element[]) =>
  elements.forEach((element) => Object.assign(element, { __reactProps$test: {} }));

/** What the browser does when the visitor types. */
const type = (input: HTMLInputElement, text: string) => {
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
};

// Stands for the browser's own handling (is the submit's default, a GET, prevented?) and for
// React's onSubmit, which listens on the root (the document) in the bubbling phase.
const browser: boolean[] = [];
const app: Array<{ value: string; submitter: string | undefined }> = [];

describe("what a visitor does before the page has hydrated", () => {
  beforeAll(() => {
    runBoot({
      param: "language",
      storageKey: LANGUAGE_STORAGE_KEY,
      defaultLanguage: "bm",
      languages: ["bm", "en"],
      closedBanners: [],
      runtimeConfig: {},
      heldSubmitMs: 1_000,
    });
    document.addEventListener("submit", (event) => browser.push(event.defaultPrevented), true);
    document.addEventListener("submit", (event) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      app.push({
        value: form.querySelector("input")!.value,
        submitter: (event.submitter as HTMLButtonElement | null)?.name,
      });
    });
  });
  beforeEach(() => {
    vi.useFakeTimers();
    browser.length = 0;
    app.length = 0;
    document.body.innerHTML =
      '<form><input name="identityCard"><button name="check">Check</button></form>';
  });
  afterEach(() => vi.useRealTimers());
  const page = () => ({
    form: document.querySelector("form")!,
    input: document.querySelector("input")!,
    button: document.querySelector("button")!,
  });

  it("a form sent is held (no GET with its fields in the URL), then sent once the app has it", () => {
    const { form, input, button } = page();
    const told: string[] = [];
    type(input, "900101-14-5678");
    input.addEventListener("input", () => told.push(input.value));
    button.click();
    button.click();
    expect(browser).toEqual([true, true]);
    vi.advanceTimersByTime(200);
    expect(app).toEqual([]);

    hydrate(form, input);
    vi.advanceTimersByTime(100);
    // The app is told what was typed, then the form is sent once, by the same button.
    expect(told).toEqual(["900101-14-5678"]);
    expect(app).toEqual([{ value: "900101-14-5678", submitter: "check" }]);

    // From now on the app handles the form alone.
    button.click();
    vi.advanceTimersByTime(1_000);
    expect(browser).toEqual([true, true, false, false]);
    expect(app).toHaveLength(2);
  });

  it("a form typed in before and sent just after hydration waits until the app has the text", () => {
    const { form, input, button } = page();
    type(input, "880412-10-5123");
    hydrate(form, input);
    button.click();
    expect(app).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(app).toEqual([{ value: "880412-10-5123", submitter: "check" }]);
  });

  it("a form the app never takes is dropped, never sent by the browser", () => {
    const { button } = page();
    button.click();
    vi.advanceTimersByTime(5_000);
    expect(browser).toEqual([true]);
    expect(app).toEqual([]);
  });

  it("a choice made in a list is given to the app once it owns the list", () => {
    document.body.innerHTML =
      '<select name="state"><option value="">All</option><option value="johor">Johor</option></select>';
    const list = document.querySelector("select")!;
    const seen: string[] = [];
    list.addEventListener("change", () => seen.push(list.value));
    list.value = "johor";
    list.dispatchEvent(new Event("change", { bubbles: true }));
    vi.advanceTimersByTime(200);
    expect(seen).toEqual(["johor"]);
    hydrate(list);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual(["johor", "johor"]);
    list.dispatchEvent(new Event("change", { bubbles: true }));
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual(["johor", "johor", "johor"]);
  });

  it("what was typed wins over what the app's first render put back in the field", () => {
    // A returning visitor: the app restores an earlier search (45000) and renders it into the
    // field right after hydration, over the 47301 typed before.
    const { form, input, button } = page();
    type(input, "47301");
    hydrate(form, input);
    input.value = "45000";
    const told: string[] = [];
    input.addEventListener("input", () => told.push(input.value));
    button.click();
    vi.advanceTimersByTime(100);
    expect(told).toEqual(["47301"]);
    expect(app).toEqual([{ value: "47301", submitter: "check" }]);
  });

  it("an option ticked before hydration is given to the app as a click", () => {
    document.body.innerHTML =
      '<form><input type="radio" name="home" value="landed"><input type="radio" name="home" value="multi"></form>';
    const [landed, multi] = [...document.querySelectorAll("input")];
    const clicks: string[] = [];
    document.addEventListener("click", (event) => {
      const radio = event.target as HTMLInputElement;
      if (radio.type === "radio") clicks.push(`${radio.value}:${radio.checked}`);
    });
    multi!.checked = true;
    multi!.dispatchEvent(new Event("input", { bubbles: true }));
    landed!.checked = true;
    landed!.dispatchEvent(new Event("input", { bubbles: true }));
    hydrate(landed!, multi!);
    // The app's first render unticks it (its state has no choice yet).
    landed!.checked = false;
    vi.advanceTimersByTime(100);
    expect(clicks).toEqual(["landed:true"]);
    expect(landed!.checked).toBe(true);
  });
});

// @vitest-environment jsdom
import type { ReactNode } from "react";
import { act } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "react-intl";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createFakeFlow, createFakeLeadApi, driveTo } from "../../../fixtures/fake-lead-api.js";
import { createMemoryStorage, type LeadApi, type LeadFlow } from "../../index.js";
import { signUpCatalogs } from "../catalogs.js";
import {
  AddressStep,
  ConsentStep,
  DetailsStep,
  DocumentsStep,
  FibreSignUp,
  LazySignUpStepper,
  OtpStep,
  ReviewStep,
  SignUpProvider,
  SignUpStepper,
  type SignUpNavigation,
} from "../index.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLDivElement | undefined;

beforeAll(() => {
  // jsdom has no object URLs; the documents step previews an image through one.
  URL.createObjectURL = () => "blob:preview";
  URL.revokeObjectURL = () => undefined;
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = undefined;
});

function withIntl(node: ReactNode, language: "bm" | "en") {
  return (
    <IntlProvider locale={language === "bm" ? "ms" : "en"} messages={signUpCatalogs[language]}>
      {node}
    </IntlProvider>
  );
}

function mount(
  node: ReactNode,
  flow: LeadFlow,
  language: "bm" | "en" = "en",
  navigation?: SignUpNavigation,
) {
  if (!root) {
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
  }
  act(() =>
    root!.render(
      withIntl(
        <SignUpProvider flow={flow} language={language} navigation={navigation}>
          {node}
        </SignUpProvider>,
        language,
      ),
    ),
  );
  return host!;
}

/** Hydrates the server's HTML in `into`: the errors and warnings React reported (none is right). */
async function hydrate(into: HTMLDivElement, page: ReactNode): Promise<unknown[]> {
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, "error").mockImplementation((...args) => {
    errors.push(args);
  });
  await act(async () => {
    root = hydrateRoot(into, page, { onRecoverableError: (error) => errors.push(error) });
  });
  consoleError.mockRestore();
  return errors;
}

/** What the browser does when the visitor types (or pastes) into a field. */
function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const field = (el: HTMLElement, name: string) =>
  el.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const errorOf = (input: HTMLInputElement) =>
  input
    .getAttribute("aria-describedby")
    ?.split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .join(" ");

async function submit(form: HTMLFormElement) {
  await act(async () => {
    form.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

async function settle(flow: LeadFlow) {
  await act(async () => {
    await flow.settled();
  });
}

describe("hydration", () => {
  it("FibreSignUp hydrates the server's HTML without a mismatch, then shows the saved journey", async () => {
    const storage = createMemoryStorage();
    await driveTo(createFakeFlow({ storage }), "details");
    const page = (
      <FibreSignUp api={createFakeLeadApi()} environment="test" language="bm" storage={storage} />
    );
    host = document.createElement("div");
    host.innerHTML = renderToString(page);
    document.body.append(host);
    expect(await hydrate(host, page)).toEqual([]);
    // After the hydration that matched, the restored journey: step 2, the details.
    expect(host.querySelector('[data-testid="step-heading"]')?.textContent).toBe(
      "Langkah 2 daripada 7: Butiran anda",
    );
  });
});

describe("LazySignUpStepper", () => {
  it("hydrates the server's placeholder with no step's code, then shows the restored step", async () => {
    const storage = createMemoryStorage();
    await driveTo(createFakeFlow({ storage }), "details");
    const flow = createFakeFlow({ storage });
    const page = withIntl(
      <SignUpProvider flow={flow} language="en">
        <LazySignUpStepper />
      </SignUpProvider>,
      "en",
    );
    host = document.createElement("div");
    host.innerHTML = renderToString(page);
    document.body.append(host);
    // A server has no saved journey: the placeholder, named for assistive technology.
    const placeholder = host.querySelector('[role="status"]');
    expect(placeholder?.getAttribute("aria-label")).toBe("Loading your sign-up…");
    expect(placeholder?.getAttribute("aria-busy")).toBe("true");
    expect(await hydrate(host, page)).toEqual([]);
    await vi.waitFor(() => expect(host!.querySelector('input[name="phoneNumber"]')).not.toBeNull());
    expect(host.querySelector('[data-testid="step-heading"]')?.textContent).toBe(
      "Step 2 of 7: Your details",
    );
  });
});

describe("FibreSignUp's links to the host's pages", () => {
  it("leaves out a page the host gave no URL for, and links the ones it gave", async () => {
    const storage = createMemoryStorage();
    await driveTo(createFakeFlow({ storage }), "submitted");
    const render = (links?: { home: string }) => {
      host = document.createElement("div");
      document.body.append(host);
      root = createRoot(host);
      act(() =>
        root!.render(
          <FibreSignUp
            api={createFakeLeadApi()}
            environment="test"
            language="en"
            storage={storage}
            {...(links ? { links } : {})}
          />,
        ),
      );
      return host.textContent ?? "";
    };
    const confirmation = render();
    expect(confirmation).toContain("Thank you, your sign-up is in");
    expect(confirmation).not.toContain("Back to the home page");
    act(() => root?.unmount());
    host?.remove();
    render({ home: "https://example.my/" });
    const home = [...host!.querySelectorAll("a")].find(
      (a) => a.textContent === "Back to the home page",
    );
    expect(home?.getAttribute("href")).toBe("https://example.my/");
  });
});

describe("forms over the flow's drafts", () => {
  it("an invalid submit shows the error summary, which takes focus and links each field", async () => {
    const flow = await driveTo(createFakeFlow(), "details");
    const el = mount(<DetailsStep />, flow, "bm");
    type(field(el, "email"), "aminah@");
    await submit(el.querySelector("form")!);
    const summary = el.querySelector<HTMLElement>("[data-error-summary]")!;
    expect(document.activeElement).toBe(summary);
    expect(summary.querySelector("h2")?.textContent).toBe("3 ruangan perlu diperbetulkan");
    expect([...summary.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "Nama penuh (seperti dalam MyKad): Ruangan ini wajib diisi.",
      "Nombor telefon bimbit: Ruangan ini wajib diisi.",
      "E-mel: Masukkan alamat e-mel yang sah, contohnya nama@contoh.com.",
    ]);
    act(() => summary.querySelectorAll("a")[2]!.click());
    expect(document.activeElement).toBe(field(el, "email"));
    // What was typed is the flow's draft.
    expect(flow.getSnapshot().drafts.contact.email).toBe("aminah@");
  });

  /** A journey at the details step whose service refuses the alternate number. */
  async function refusingAlternate() {
    const refusal = {
      statusCode: 400,
      error: {
        statusCode: 400,
        errors: [{ message: "no", context: { key: "alternatePhoneNumber" } }],
      },
    };
    const services = createFakeLeadApi();
    const api = {
      ...services,
      shop: {
        ...services.shop,
        // The address is recorded; the contact details are refused on one context key.
        updateSbbLead: (body: { address?: unknown }, options: { token: string }) =>
          body.address
            ? services.shop.updateSbbLead(body as never, options)
            : Promise.reject(refusal),
      },
    } as unknown as LeadApi;
    return driveTo(createFakeFlow({ api }), "details");
  }

  function fillDetails(el: HTMLElement) {
    type(field(el, "name"), "Aminah binti Yusof");
    type(field(el, "phoneNumber"), "012-345 6789");
    type(field(el, "alternatePhoneNumber"), "012-345 6789");
    type(field(el, "email"), "aminah@example.my");
  }

  it("puts a refused alternate number on the alternate field only (isAlternateNumberInValid)", async () => {
    const refusing = await refusingAlternate();
    const el = mount(<DetailsStep />, refusing, "en");
    fillDetails(el);
    await submit(el.querySelector("form")!);
    const alternate = field(el, "alternatePhoneNumber");
    expect(alternate.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(alternate)).toContain(
      "We could not accept this alternate number. Use a different number from your main one.",
    );
    expect(field(el, "phoneNumber").getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(el.querySelector("[data-error-summary]"));
    // Edited, the field no longer shows the service's refusal.
    type(alternate, "03-8733 1844");
    expect(alternate.getAttribute("aria-invalid")).toBeNull();
  });

  it("a refusal is said again in the new language without moving focus, and again when repeated", async () => {
    const refusing = await refusingAlternate();
    const el = mount(<DetailsStep />, refusing, "en");
    fillDetails(el);
    await submit(el.querySelector("form")!);
    const summary = () => el.querySelector<HTMLElement>("[data-error-summary]");
    expect([...summary()!.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "Alternate number (optional): We could not accept this alternate number. Use a different number from your main one.",
    ]);
    act(() => field(el, "email").focus());
    mount(<DetailsStep />, refusing, "bm");
    const refused = signUpCatalogs.bm["signup.details.alternate.refused"]!;
    expect(document.activeElement).toBe(field(el, "email"));
    expect(errorOf(field(el, "alternatePhoneNumber"))).toContain(refused);
    expect([...summary()!.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      `Nombor alternatif (pilihan): ${refused}`,
    ]);
    // Sent again as it is: the same refusal is a new answer, announced again.
    await submit(el.querySelector("form")!);
    expect(document.activeElement).toBe(summary());
    expect(errorOf(field(el, "alternatePhoneNumber"))).toContain(refused);
  });

  it("a mistyped email shows as it is left; the address search waits for its submit", async () => {
    const details = mount(<DetailsStep />, await driveTo(createFakeFlow(), "details"));
    const leave = (input: HTMLInputElement) =>
      act(() => {
        input.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
      });
    type(field(details, "email"), "aminah@");
    leave(field(details, "email"));
    expect(errorOf(field(details, "email"))).toContain(
      "Enter a valid email address, for example name@example.com.",
    );
    act(() => root?.unmount());
    root = undefined;
    const el = mount(<AddressStep />, createFakeFlow());
    type(field(el, "postalCode"), "4730");
    leave(field(el, "postalCode"));
    expect(field(el, "postalCode").getAttribute("aria-invalid")).toBeNull();
    await submit(el.querySelector("form")!);
    const summary = el.querySelector<HTMLElement>("[data-error-summary]")!;
    expect(document.activeElement).toBe(summary);
    expect([...summary.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "Postcode: A postcode has exactly 5 digits.",
      "Type of home: Choose landed or multi-storey.",
    ]);
    // The type of home's link lands on its first option, and the page's URL stays.
    act(() => summary.querySelectorAll("a")[1]!.click());
    expect(document.activeElement).toBe(el.querySelector('input[name="residenceType"]'));
    expect(window.location.hash).toBe("");
  });

  it("a returning visitor's typed postcode stays, and the search is of what they typed", async () => {
    const storage = createMemoryStorage();
    const earlier = createFakeFlow({ storage });
    earlier.edit("search", { postalCode: "45000", residenceType: "landed" });
    await earlier.searchAddress();
    const flow = createFakeFlow({ storage });
    expect(flow.getSnapshot().drafts.search.postalCode).toBe("45000");
    const el = mount(<AddressStep />, flow);
    expect(field(el, "postalCode").value).toBe("45000");
    type(field(el, "postalCode"), "47301");
    expect(field(el, "postalCode").value).toBe("47301");
    const search = vi.spyOn(flow, "searchAddress");
    await submit(el.querySelector("form")!);
    await settle(flow);
    expect(flow.getSnapshot().searchPayload?.postalCode).toBe("47301");
    expect(field(el, "postalCode").value).toBe("47301");
    expect(el.textContent).toContain("Choose your address");
    expect(document.activeElement?.textContent).toBe("Choose your address");
    search.mockRestore();
  });

  it("a whole code pasted with a space works", async () => {
    const flow = await driveTo(createFakeFlow(), "otp");
    await flow.generateOtp();
    const el = mount(<OtpStep />, flow);
    const input = field(el, "otp");
    expect(input.getAttribute("autocomplete")).toBe("one-time-code");
    // No maxlength: a browser would cut a pasted "123 456" to "123 45" before onChange.
    expect(input.hasAttribute("maxlength")).toBe(false);
    type(input, "123 456");
    expect(input.value).toBe("123456");
    await submit(el.querySelector("form")!);
    await settle(flow);
    expect(flow.getSnapshot().step).toBe("consent");
  });
});

describe("the boxes a step needs ticked", () => {
  it("consent and terms: a submit without the tick sends nothing, says why and focuses the summary", async () => {
    for (const [step, Step, text] of [
      ["consent", ConsentStep, "Tick the box to give your consent before you continue."],
      ["review", ReviewStep, "Accept the terms and conditions to submit."],
    ] as const) {
      const flow = await driveTo(createFakeFlow(), step);
      const el = mount(<Step />, flow, "en");
      await submit(el.querySelector("form")!);
      const summary = el.querySelector<HTMLElement>("[data-error-summary]")!;
      expect(document.activeElement).toBe(summary);
      expect(summary.textContent).toContain(text);
      expect(flow.getSnapshot().step).toBe(step);
      const box = el.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
      expect(box.getAttribute("aria-invalid")).toBe("true");
      act(() => box.click());
      expect(box.getAttribute("aria-invalid")).toBeNull();
      expect(el.querySelector("[data-error-summary]")).toBeNull();
    }
  });
});

describe("a plan from a link", () => {
  it("is checked with its price, and Continue reaches the details without choosing again", async () => {
    const flow = createFakeFlow({ entry: "?package=fibre-500" });
    await driveTo(flow, "package");
    const el = mount(<SignUpStepper />, flow);
    await settle(flow);
    const plan = el.querySelector<HTMLInputElement>('[data-testid="plan-fibre-500"] input')!;
    expect(plan.checked).toBe(true);
    expect(el.querySelector('[data-testid="order-price"]')?.textContent).toBe(
      "RM129/month for the first 6 months, then RM169/monthFree installation",
    );
    expect(el.querySelector(".signup-total")?.textContent).not.toContain("Choose a plan.");
    await act(async () => {
      el.querySelector<HTMLButtonElement>('[data-testid="plan-continue"]')!.click();
      await flow.settled();
    });
    expect(el.querySelector('[data-testid="step-heading"]')?.textContent).toBe(
      "Step 2 of 7: Your details",
    );
    expect(document.activeElement).toBe(el.querySelector('[data-testid="step-heading"]'));
  });
});

describe("documents", () => {
  it("an uploaded image shows its preview; Continue without one lists what is missing", async () => {
    const flow = await driveTo(createFakeFlow(), "documents");
    const el = mount(<DocumentsStep />, flow);
    act(() => [...el.querySelectorAll("button")].at(-1)!.click());
    const summary = el.querySelector<HTMLElement>("[data-error-summary]")!;
    expect([...summary.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "Upload MyKad, front to continue.",
      "Upload MyKad, back to continue.",
    ]);
    const input = el.querySelector<HTMLInputElement>(
      '[data-testid="slot-front"] input[type="file"]',
    )!;
    const png = new File([new Uint8Array([137, 80, 78, 71])], "front.png", { type: "image/png" });
    Object.defineProperty(input, "files", { value: [png], configurable: true });
    await act(async () => {
      input.dispatchEvent(new Event("change", { bubbles: true }));
      await flow.settled();
    });
    const preview = el.querySelector<HTMLImageElement>('[data-testid="upload-preview"]')!;
    expect(preview.getAttribute("src")).toBe("blob:preview");
    expect(preview.alt).toBe("Preview of front.png");
    expect(el.querySelector('[data-testid="slot-front"]')?.textContent).toContain(
      "Uploaded: front.png",
    );
  });
});

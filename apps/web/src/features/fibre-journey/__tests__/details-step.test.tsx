// @vitest-environment jsdom
import { createLeadFlow, createMemoryStorage, type LeadApi } from "@portal/lead-flow";
import { LeadFlowProvider } from "@portal/lead-flow/react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import { LanguageContext, type Lang } from "../../../shared/language";
import { DetailsStep } from "../components/details-step";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLDivElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

/** A flow whose update-sbb-lead answers like the shop service refusing one context key. */
function refusingFlow(key: string) {
  const refusal = {
    statusCode: 400,
    error: {
      statusCode: 400,
      error: "Bad Request",
      message: "Lead update failed",
      errors: [{ message: "no", context: { key } }],
    },
  };
  const api = {
    address: {},
    shop: {
      updateSbbLead: () => Promise.reject(refusal),
    },
    content: {},
  } as unknown as LeadApi;
  return createLeadFlow({
    api,
    environment: "test",
    storage: createMemoryStorage({ "portal.lead-flow.fibre.token": "token" }),
  });
}

function render(flow: ReturnType<typeof refusingFlow>, lang: Lang) {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <LanguageContext.Provider value={{ lang, setLanguage: () => {} }}>
        <IntlProvider locale="en" defaultLocale="en" messages={{}} onError={() => {}}>
          <LeadFlowProvider flow={flow}>
            <DetailsStep product="fibre" />
          </LeadFlowProvider>
        </IntlProvider>
      </LanguageContext.Provider>,
    ),
  );
  return host;
}

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const field = (el: HTMLElement, name: string) =>
  el.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const errorOf = (el: HTMLElement, input: HTMLInputElement) =>
  input
    .getAttribute("aria-describedby")
    ?.split(" ")
    .map((id) => el.ownerDocument.getElementById(id)?.textContent)
    .join(" ");

async function submit(el: HTMLElement) {
  await act(async () => {
    el.querySelector("form")!.requestSubmit();
    // Long enough for the focus move, which waits for the next animation frame.
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
}

function fillValid(el: HTMLElement) {
  type(field(el, "name"), "Aminah binti Yusof");
  type(field(el, "phoneNumber"), "012-345 6789");
  type(field(el, "alternatePhoneNumber"), "012-345 6789");
  type(field(el, "email"), "aminah@example.my");
}

describe("DetailsStep", () => {
  it("puts a refused alternate number on the alternate field only (isAlternateNumberInValid)", async () => {
    const el = render(refusingFlow("alternatePhoneNumber"), "en");
    fillValid(el);
    await submit(el);
    const alternate = field(el, "alternatePhoneNumber");
    expect(alternate.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(el, alternate)).toContain("We could not accept this alternate number");
    expect(field(el, "phoneNumber").getAttribute("aria-invalid")).toBeNull();
    expect(field(el, "email").getAttribute("aria-invalid")).toBeNull();
  });

  it("puts a refused phone number and email on their fields", async () => {
    for (const [key, name, text] of [
      ["phoneNumber", "phoneNumber", "We could not accept this mobile number"],
      ["email", "email", "We could not accept this email address"],
    ] as const) {
      const el = render(refusingFlow(key), "en");
      fillValid(el);
      await submit(el);
      expect(errorOf(el, field(el, name))).toContain(text);
      act(() => root?.unmount());
      host?.remove();
      root = undefined;
    }
  });

  it("validates inline with @portal/validation in the visitor's language", async () => {
    const el = render(refusingFlow("email"), "bm");
    type(field(el, "email"), "aminah@");
    await submit(el);
    expect(errorOf(el, field(el, "email"))).toContain("Masukkan alamat e-mel yang sah");
    expect(errorOf(el, field(el, "name"))).toContain("Ruangan ini wajib diisi.");
    expect(el.ownerDocument.activeElement).toBe(field(el, "name"));
  });
});

// @vitest-environment jsdom
import { act, useEffect, useState, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  b40VerifyBodySchema,
  contactUsFormSchema,
  siteSearchFormSchema,
  type FormValues,
  type Language,
} from "../../index.js";
import { useSchemaForm, type SchemaForm, type UseSchemaFormOptions } from "../index.js";

type Contact = typeof contactUsFormSchema;
type ContactValues = FormValues<Contact>;

const filled: ContactValues = {
  fullname: "Siti Aminah",
  mobileNumber: "(012) 345 6789",
  email: "",
  altNumber: "03-1234 5678",
  address: "12 Jalan Gaya, 88000 Kota Kinabalu",
  boxSelection: "Suria Ultra Box",
  dishSelection: "New dish",
};

let root: Root | undefined;
let host: HTMLElement;
let form: SchemaForm<Contact>;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

/** The contact form's fields as plain inputs, with an error summary when `withSummary`. */
function ContactForm(props: {
  options: Omit<UseSchemaFormOptions<Contact>, "schema">;
  withSummary?: boolean;
}): ReactNode {
  const current = useSchemaForm({ schema: contactUsFormSchema, id: "c", ...props.options });
  // The test reads what the form was given after each render.
  useEffect(() => {
    form = current;
  });
  return (
    <form {...current.formProps}>
      {props.withSummary && current.summary.length > 0 ? (
        <div data-error-summary tabIndex={-1}>
          {current.summary.map((entry) => (
            <a key={entry.field} href={`#${entry.id}`}>
              {entry.message}
            </a>
          ))}
        </div>
      ) : null}
      {(Object.keys(contactUsFormSchema.entries) as Array<keyof ContactValues>).map((name) => {
        const { error: _error, ...input } = current.field(name);
        return <input key={name} {...input} />;
      })}
      <button type="submit">Send</button>
    </form>
  );
}

function render(node: ReactNode) {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(node));
}

const input = (name: string) => host.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

/** Types as the browser does: the value, then an input event (React's onChange). */
function type(name: string, text: string) {
  const element = input(name);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  act(() => {
    element.focus();
    setter.call(element, text);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const leave = (name: string) =>
  act(() => {
    input(name).dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  });

const submit = () => act(() => host.querySelector("form")!.requestSubmit());

describe("useSchemaForm: field props from the schema", () => {
  it("takes required, maxLength, inputMode and autoComplete from the schemas", () => {
    render(<ContactForm options={{ language: "en", onSubmit: () => {} }} />);
    expect(form.field("mobileNumber")).toMatchObject({
      id: "c-mobileNumber",
      name: "mobileNumber",
      value: "",
      required: true,
      maxLength: 20,
      inputMode: "tel",
      autoComplete: "tel",
      "aria-invalid": undefined,
      error: undefined,
    });
    expect(form.field("email")).toMatchObject({
      required: false,
      maxLength: 254,
      inputMode: "email",
      autoComplete: "email",
    });
    expect(form.field("altNumber")).toMatchObject({
      required: true,
      maxLength: 20,
      inputMode: "tel",
      autoComplete: "off",
    });
    expect(form.field("fullname")).toMatchObject({ maxLength: 100, autoComplete: "name" });
    expect(form.field("address")).toMatchObject({
      maxLength: 500,
      autoComplete: "street-address",
    });
    expect(form.field("boxSelection")).toEqual(
      expect.objectContaining({ required: true, maxLength: 100 }),
    );
    expect(form.field("boxSelection")).not.toHaveProperty("inputMode");
    // The attributes reach the DOM.
    expect(input("mobileNumber").outerHTML).toBe(
      '<input id="c-mobileNumber" required="" maxlength="20" inputmode="tel" autocomplete="tel" value="" name="mobileNumber">',
    );
  });

  it("renders on the server the same attributes (a MyKad, a search box)", () => {
    function B40(): ReactNode {
      const b40 = useSchemaForm({
        schema: b40VerifyBodySchema,
        language: "bm",
        id: "b",
        onSubmit: () => {},
      });
      const search = useSchemaForm({
        schema: siteSearchFormSchema,
        language: "bm",
        id: "s",
        initialValues: { keyword: "sukan" },
        onSubmit: () => {},
      });
      const { error: _a, ...card } = b40.field("identityCard");
      const { error: _b, ...keyword } = search.field("keyword");
      return (
        <form {...b40.formProps}>
          <input {...card} />
          <input {...keyword} />
        </form>
      );
    }
    expect(renderToString(<B40 />)).toBe(
      '<form noValidate="" method="post">' +
        '<input id="b-identityCard" required="" maxLength="14" inputMode="numeric" autoComplete="off" name="identityCard" value=""/>' +
        '<input id="s-keyword" maxLength="100" inputMode="search" autoComplete="off" name="keyword" value="sukan"/>' +
        "</form>",
    );
  });
});

describe("useSchemaForm: messages, summary and focus", () => {
  it.each([
    [
      "en",
      [
        ["fullname", "This field is required."],
        ["mobileNumber", "Enter a Malaysian mobile number, for example 012-3456789."],
        ["altNumber", "This field is required."],
        ["address", "This field is required."],
        ["boxSelection", "This field is required."],
        ["dishSelection", "This field is required."],
      ],
    ],
    [
      "bm",
      [
        ["fullname", "Ruangan ini wajib diisi."],
        ["mobileNumber", "Masukkan nombor telefon bimbit Malaysia, contohnya 012-3456789."],
        ["altNumber", "Ruangan ini wajib diisi."],
        ["address", "Ruangan ini wajib diisi."],
        ["boxSelection", "Ruangan ini wajib diisi."],
        ["dishSelection", "Ruangan ini wajib diisi."],
      ],
    ],
  ] as const)(
    "an invalid submit in %s sends nothing, lists the fields and focuses the summary",
    (language, expected) => {
      const onSubmit = vi.fn();
      const onInvalid = vi.fn();
      render(<ContactForm options={{ language, onSubmit, onInvalid }} withSummary />);
      type("mobileNumber", "12345");
      submit();
      expect(onSubmit).not.toHaveBeenCalled();
      expect(onInvalid).toHaveBeenCalledWith(expected.map(([field]) => field));
      expect(form.summary).toEqual(
        expected.map(([field, message]) => ({ field, id: `c-${field}`, message })),
      );
      expect(form.errors).toEqual(Object.fromEntries(expected));
      expect(input("mobileNumber").getAttribute("aria-invalid")).toBe("true");
      expect(document.activeElement).toBe(host.querySelector("[data-error-summary]"));
      // The summary's links point at the fields.
      expect(
        Array.from(host.querySelectorAll("[data-error-summary] a"), (a) => a.getAttribute("href")),
      ).toEqual(expected.map(([field]) => `#c-${field}`));
    },
  );

  it("without a summary, focus goes to the first invalid field; each submit focuses again", () => {
    render(<ContactForm options={{ language: "en", onSubmit: () => {} }} />);
    type("fullname", "Siti");
    submit();
    expect(document.activeElement).toBe(input("mobileNumber"));
    act(() => input("email").focus());
    submit();
    expect(document.activeElement).toBe(input("mobileNumber"));
  });

  it("shows messages after a submit only; typing hides a field's until the next submit", () => {
    render(<ContactForm options={{ language: "en", onSubmit: () => {} }} />);
    type("email", "a@@b.com");
    leave("email");
    expect(form.errors).toEqual({});
    submit();
    expect(form.errors.email).toBe("Enter a valid email address, for example name@example.com.");
    type("email", "a@@c.com");
    leave("email");
    expect(form.errors.email).toBeUndefined();
    submit();
    expect(form.errors.email).toBe("Enter a valid email address, for example name@example.com.");
  });

  it("with showOnBlur, shows a field's error once it is left with a value", () => {
    render(<ContactForm options={{ language: "en", onSubmit: () => {}, showOnBlur: true }} />);
    // Tabbing through an empty field is not an error.
    leave("fullname");
    expect(form.errors).toEqual({});
    type("email", "a@@b.com");
    expect(form.errors).toEqual({});
    leave("email");
    expect(form.errors).toEqual({
      email: "Enter a valid email address, for example name@example.com.",
    });
    type("email", "a@b.com");
    expect(form.errors).toEqual({});
    leave("email");
    expect(form.errors).toEqual({});
    // The summary only comes with a submit.
    expect(form.summary).toEqual([]);
  });

  it("follows the language: the same errors in the other language", () => {
    const onSubmit = () => {};
    render(<ContactForm options={{ language: "en", onSubmit }} withSummary />);
    submit();
    expect(form.errors.fullname).toBe("This field is required.");
    act(() => root!.render(<ContactForm options={{ language: "bm", onSubmit }} withSummary />));
    expect(form.errors.fullname).toBe("Ruangan ini wajib diisi.");
    expect(form.summary[0]).toEqual({
      field: "fullname",
      id: "c-fullname",
      message: "Ruangan ini wajib diisi.",
    });
  });

  it("names each field of the summary with its label, when given", () => {
    render(
      <ContactForm
        options={{
          language: "en",
          onSubmit: () => {},
          initialValues: { ...filled, fullname: "", email: "x" },
          labels: { fullname: "Full name", email: "Email (optional)" },
        }}
      />,
    );
    submit();
    expect(form.summary).toEqual([
      {
        field: "fullname",
        id: "c-fullname",
        label: "Full name",
        message: "This field is required.",
      },
      {
        field: "email",
        id: "c-email",
        label: "Email (optional)",
        message: "Enter a valid email address, for example name@example.com.",
      },
    ]);
  });

  it("uses the page's own text for a key on one field", () => {
    render(
      <ContactForm
        options={{
          language: "en",
          onSubmit: () => {},
          messages: { fullname: { "validation.required": "Tell us your name." } },
        }}
      />,
    );
    submit();
    expect(form.errors.fullname).toBe("Tell us your name.");
    expect(form.errors.address).toBe("This field is required.");
  });
});

describe("useSchemaForm: submitting", () => {
  it("calls onSubmit with the parsed output and the values typed, trimmed", () => {
    const onSubmit = vi.fn();
    render(<ContactForm options={{ language: "en", onSubmit, initialValues: filled }} />);
    type("fullname", "  Siti Aminah ");
    submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith(
      {
        fullname: "Siti Aminah",
        mobileNumber: "+60123456789",
        email: undefined,
        altNumber: "+60312345678",
        address: "12 Jalan Gaya, 88000 Kota Kinabalu",
        boxSelection: "Suria Ultra Box",
        dishSelection: "New dish",
      },
      { ...filled, fullname: "  Siti Aminah " },
    );
    expect(form.summary).toEqual([]);
  });

  it("is submitting while the promise runs, and ignores a second submit meanwhile", async () => {
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ContactForm options={{ language: "en", onSubmit, initialValues: filled }} />);
    submit();
    expect(form.submitting).toBe(true);
    submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(form.submitting).toBe(false);
    submit();
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it("reset empties the form (or sets the values given) and hides every message", () => {
    render(<ContactForm options={{ language: "en", onSubmit: () => {} }} withSummary />);
    submit();
    expect(form.summary).toHaveLength(6);
    act(() => form.reset({ fullname: "Ali" }));
    expect(form.values).toEqual({ ...emptyContact(), fullname: "Ali" });
    expect(form.errors).toEqual({});
    expect(form.summary).toEqual([]);
    expect(input("fullname").value).toBe("Ali");
  });
});

describe("useSchemaForm: server refusals", () => {
  function Refused(props: { refusal?: ContactRefusal; language?: Language }): ReactNode {
    return (
      <ContactForm
        options={{
          language: props.language ?? "en",
          onSubmit: () => {},
          initialValues: filled,
          serverErrors: props.refusal,
        }}
        withSummary
      />
    );
  }

  it("shows a refusal until its field is edited; a new one is announced and focused", () => {
    render(<Refused />);
    expect(form.errors).toEqual({});
    const refusal: ContactRefusal = { mobileNumber: "validation.mobile.invalid" };
    act(() => root!.render(<Refused refusal={refusal} />));
    const text = "Enter a Malaysian mobile number, for example 012-3456789.";
    expect(form.errors).toEqual({ mobileNumber: text });
    expect(form.summary).toEqual([{ field: "mobileNumber", id: "c-mobileNumber", message: text }]);
    expect(document.activeElement).toBe(host.querySelector("[data-error-summary]"));
    type("mobileNumber", "(012) 345 6788");
    expect(form.errors).toEqual({});
    // An equal object at the next render is the same answer: nothing new.
    act(() => root!.render(<Refused refusal={{ ...refusal }} />));
    expect(form.errors).toEqual({});
    // Cleared (a new request), then the same answer again: shown and announced again.
    act(() => root!.render(<Refused />));
    act(() => input("email").focus());
    act(() => root!.render(<Refused refusal={{ ...refusal }} />));
    expect(form.errors).toEqual({ mobileNumber: text });
    expect(document.activeElement).toBe(host.querySelector("[data-error-summary]"));
  });

  it("takes a text already translated, and a refusal present from the start is not announced", () => {
    render(<Refused refusal={{ email: "We could not accept this email address." }} />);
    expect(form.errors).toEqual({ email: "We could not accept this email address." });
    expect(form.summary).toEqual([]);
    expect(document.activeElement).toBe(document.body);
  });

  it("a refusal the owner translates on a language switch is not announced again", () => {
    const said = {
      en: { email: "We could not accept this email address.", altNumber: "Use another number." },
      bm: { email: "Kami tidak dapat menerima alamat e-mel ini.", altNumber: "Guna nombor lain." },
    };
    render(<Refused />);
    act(() => root!.render(<Refused refusal={said.en} />));
    const summary = () => host.querySelector<HTMLElement>("[data-error-summary]");
    expect(document.activeElement).toBe(summary());
    type("altNumber", "03-1234 5679");
    act(() => input("fullname").focus());
    // The same fields refused, in the new language (the owner's texts, the same render).
    act(() => root!.render(<Refused refusal={said.bm} language="bm" />));
    expect(document.activeElement).toBe(input("fullname"));
    expect(form.errors).toEqual({ email: said.bm.email });
    expect(form.summary.map((entry) => entry.message)).toEqual([said.bm.email, said.bm.altNumber]);
    // Another answer in that language is announced.
    act(() => root!.render(<Refused refusal={{ email: said.bm.email }} language="bm" />));
    expect(document.activeElement).toBe(summary());
    expect(form.errors).toEqual({ email: said.bm.email });
  });
});

describe("useSchemaForm: controlled", () => {
  it("leaves the values to the owner, which sees every change and the reset", () => {
    const seen: ContactValues[] = [];
    function Owner(): ReactNode {
      const [draft, setDraft] = useState<ContactValues>({ ...emptyContact(), fullname: "Ali" });
      return (
        <ContactForm
          options={{
            language: "bm",
            values: draft,
            onValuesChange: (next) => {
              seen.push(next);
              setDraft(next);
            },
            onSubmit: () => {},
          }}
        />
      );
    }
    render(<Owner />);
    expect(input("fullname").value).toBe("Ali");
    type("mobileNumber", "012-345 6789");
    expect(seen.at(-1)).toEqual({
      ...emptyContact(),
      fullname: "Ali",
      mobileNumber: "012-345 6789",
    });
    expect(form.values.mobileNumber).toBe("012-345 6789");
    expect(input("mobileNumber").value).toBe("012-345 6789");
    submit();
    expect(form.errors.email).toBeUndefined();
    expect(form.errors.address).toBe("Ruangan ini wajib diisi.");
    act(() => form.reset());
    expect(seen.at(-1)).toEqual(emptyContact());
    expect(input("fullname").value).toBe("");
    expect(form.errors).toEqual({});
  });

  it("a value the owner changes is what the form validates and submits", () => {
    const onSubmit = vi.fn();
    function Owner(): ReactNode {
      const [draft, setDraft] = useState<ContactValues>(filled);
      return (
        <>
          <button type="button" id="fill" onClick={() => setDraft({ ...filled, email: "x" })} />
          <ContactForm
            options={{ language: "en", values: draft, onValuesChange: setDraft, onSubmit }}
          />
        </>
      );
    }
    render(<Owner />);
    act(() => host.querySelector<HTMLButtonElement>("#fill")!.click());
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(form.errors).toEqual({
      email: "Enter a valid email address, for example name@example.com.",
    });
  });
});

type ContactRefusal = UseSchemaFormOptions<Contact>["serverErrors"];

function emptyContact(): ContactValues {
  return {
    fullname: "",
    mobileNumber: "",
    email: "",
    altNumber: "",
    address: "",
    boxSelection: "",
    dishSelection: "",
  };
}

import { Link } from "@tanstack/react-router";
import { Button, Container, PageHeader, RadioGroup, TextField, buttonClassName } from "@portal/ui";
import {
  formatValidationMessage,
  registerInterestSchema,
  validate,
  type MessageKey,
  type Product,
  type RegisterInterest,
} from "@portal/validation";
import { useRef, useState, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { LeadJourney, useJourney, useProductName } from "../../../shared/lead-journey";
import "./fibre-journey.css";
import { registerInterestPageMessages } from "../messages";

const messages = {
  ...registerInterestPageMessages,
  ...defineMessages({
    name: { id: "interest.name", defaultMessage: "Full name", description: "Label: name" },
    phone: {
      id: "interest.phone",
      defaultMessage: "Mobile number",
      description: "Label: mobile number",
    },
    phoneHint: {
      id: "interest.phone.hint",
      defaultMessage: "For example 012-345 6789",
      description: "Hint: mobile number",
    },
    email: {
      id: "interest.email",
      defaultMessage: "Email (optional)",
      description: "Label: optional email",
    },
    postcode: {
      id: "interest.postcode",
      defaultMessage: "Postcode",
      description: "Label: postcode",
    },
    postcodeHint: {
      id: "interest.postcode.hint",
      defaultMessage: "5 digits",
      description: "Hint: postcode",
    },
    residence: {
      id: "interest.residence",
      defaultMessage: "Type of home (optional)",
      description: "Legend: residence type",
    },
    landed: {
      id: "interest.residence.landed",
      defaultMessage: "Landed",
      description: "Residence type: landed",
    },
    multiStorey: {
      id: "interest.residence.multi-storey",
      defaultMessage: "Multi-storey",
      description: "Residence type: multi-storey",
    },
    address: {
      id: "interest.address",
      defaultMessage: "Address (optional)",
      description: "Label: free-text address",
    },
    remarks: {
      id: "interest.remarks",
      defaultMessage: "Anything else we should know? (optional)",
      description: "Label: remarks",
    },
    submit: {
      id: "interest.submit",
      defaultMessage: "Register interest",
      description: "Submit button",
    },
    sending: { id: "interest.sending", defaultMessage: "Sending…", description: "Form being sent" },
    fixErrors: {
      id: "interest.fix-errors",
      defaultMessage:
        "{count, plural, one {Check the field marked below.} other {Check the # fields marked below.}}",
      description: "Summary when the form has invalid fields",
    },
    failed: {
      id: "interest.failed",
      defaultMessage:
        "We could not send your registration. Nothing you typed is lost: check your connection and try again.",
      description: "Submission failed",
    },
    tooMany: {
      id: "interest.too-many",
      defaultMessage: "Too many attempts from this device. Wait a minute, then try again.",
      description: "Submission rate-limited",
    },
    thanksTitle: {
      id: "interest.thanks.title",
      defaultMessage: "Thank you, you are on the list",
      description: "Success heading",
    },
    thanksBody: {
      id: "interest.thanks.body",
      defaultMessage: "We will contact you when Suria Fibre reaches postcode {postcode}.",
      description: "Success text",
    },
    tvThanksBody: {
      id: "interest.tv.thanks.body",
      defaultMessage: "A Suria TV adviser will call you within 2 working days.",
      description: "Success text for Suria TV",
    },
    home: {
      id: "interest.home",
      defaultMessage: "Back to the home page",
      description: "Link home after success",
    },
  }),
};

type Form = {
  name: string;
  phoneNumber: string;
  email: string;
  postalCode: string;
  residenceType: string;
  address: string;
  remarks: string;
};

/** Register interest (no lead token), through the product's lead flow; kept on failure. */
function RegisterInterestForm({
  product,
  postcode,
  residence,
}: {
  product: Product;
  postcode?: string;
  residence?: "landed" | "multiStorey";
}) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { state, flow } = useJourney();
  const [form, setForm] = useState<Form>({
    name: "",
    phoneNumber: "",
    email: "",
    postalCode: postcode ?? "",
    residenceType: residence ?? "",
    address: "",
    remarks: "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Form, MessageKey>>>({});
  const [done, setDone] = useState(false);
  const [touched, setTouched] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sending = state.loading.registerInterest;
  const failure = state.errors.registerInterest;

  // A search typed earlier in the journey (restored after the first render) fills an empty
  // postcode and home type; adjusted while rendering, as React advises for derived state.
  const saved = state.searchPayload;
  const [seenSaved, setSeenSaved] = useState(saved);
  if (saved !== seenSaved) {
    setSeenSaved(saved);
    if (saved && !touched && !postcode) {
      setForm((f) => ({
        ...f,
        postalCode: saved.postalCode,
        residenceType: saved.residenceType === 2 ? "multiStorey" : "landed",
      }));
    }
  }

  const body = (): RegisterInterest => {
    const trimmed = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])) as Form;
    return {
      name: trimmed.name,
      phoneNumber: trimmed.phoneNumber,
      product,
      postalCode: trimmed.postalCode,
      language: lang,
      ...(trimmed.email ? { email: trimmed.email } : {}),
      ...(trimmed.residenceType
        ? { residenceType: trimmed.residenceType === "multiStorey" ? 2 : 1 }
        : {}),
      ...(trimmed.address ? { address: trimmed.address } : {}),
      ...(trimmed.remarks ? { remarks: trimmed.remarks } : {}),
    };
  };

  const check = () => {
    const result = validate(registerInterestSchema, body());
    const found: Partial<Record<keyof Form, MessageKey>> = {};
    if (!result.success) {
      for (const { field, code } of result.errors) {
        const key = (field.split(".")[0] || "name") as keyof Form;
        found[key] ??= code;
      }
    }
    return { result, found };
  };

  const onBlur = (key: keyof Form) => () => {
    if (form[key] === "") return;
    const { found } = check();
    setErrors((e) => ({ ...e, [key]: found[key] }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { result, found } = check();
    setErrors(found);
    if (!result.success) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    try {
      await flow.registerInterest(body());
      setDone(true);
      requestAnimationFrame(() => headingRef.current?.focus());
    } catch {
      // Shown from state.errors.registerInterest; nothing typed is lost.
    }
  }

  const set = (key: keyof Form) => (value: string) => {
    setTouched(true);
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const count = Object.values(errors).filter(Boolean).length;
  const text = (code: MessageKey | undefined) =>
    code ? formatValidationMessage(code, lang) : undefined;

  const failed = failure && failure.code !== "invalid-input";
  return (
    <>
      {done && state.interest ? (
        <section className="fibre-panel fibre-panel--ok" data-testid="interest-done">
          <h2 ref={headingRef} tabIndex={-1}>
            {intl.formatMessage(messages.thanksTitle)}
          </h2>
          <p>
            {product === "tv"
              ? intl.formatMessage(messages.tvThanksBody)
              : intl.formatMessage(messages.thanksBody, { postcode: form.postalCode.trim() })}
          </p>
          <Link to="/" className={buttonClassName("primary")}>
            {intl.formatMessage(messages.home)}
          </Link>
        </section>
      ) : (
        <form
          ref={formRef}
          className="fibre-form"
          noValidate
          onSubmit={onSubmit}
          aria-busy={sending}
        >
          <div aria-live="polite" className="fibre-live">
            {count > 0 ? (
              <p className="fibre-summary">{intl.formatMessage(messages.fixErrors, { count })}</p>
            ) : null}
            {failed ? (
              <p className="fibre-alert" role="alert">
                {intl.formatMessage(
                  failure.statusCode === 429 ? messages.tooMany : messages.failed,
                )}
              </p>
            ) : null}
          </div>
          <TextField
            label={intl.formatMessage(messages.name)}
            name="name"
            required
            autoComplete="name"
            maxLength={100}
            value={form.name}
            error={text(errors.name)}
            onChange={(e) => set("name")(e.target.value)}
            onBlur={onBlur("name")}
          />
          <TextField
            label={intl.formatMessage(messages.phone)}
            hint={intl.formatMessage(messages.phoneHint)}
            name="phoneNumber"
            type="tel"
            inputMode="tel"
            required
            autoComplete="tel-national"
            value={form.phoneNumber}
            error={text(errors.phoneNumber)}
            onChange={(e) => set("phoneNumber")(e.target.value)}
            onBlur={onBlur("phoneNumber")}
          />
          <TextField
            label={intl.formatMessage(messages.email)}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={form.email}
            error={text(errors.email)}
            onChange={(e) => set("email")(e.target.value)}
            onBlur={onBlur("email")}
          />
          <TextField
            label={intl.formatMessage(messages.postcode)}
            hint={intl.formatMessage(messages.postcodeHint)}
            name="postalCode"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={form.postalCode}
            error={text(errors.postalCode)}
            onChange={(e) => set("postalCode")(e.target.value)}
            onBlur={onBlur("postalCode")}
            className="fibre-field--short"
          />
          <RadioGroup
            label={intl.formatMessage(messages.residence)}
            name="residenceType"
            value={form.residenceType}
            error={text(errors.residenceType)}
            onChange={set("residenceType")}
            inline
            options={[
              { value: "landed", label: intl.formatMessage(messages.landed) },
              { value: "multiStorey", label: intl.formatMessage(messages.multiStorey) },
            ]}
          />
          <TextField
            label={intl.formatMessage(messages.address)}
            name="address"
            autoComplete="street-address"
            maxLength={300}
            value={form.address}
            error={text(errors.address)}
            onChange={(e) => set("address")(e.target.value)}
          />
          <TextField
            label={intl.formatMessage(messages.remarks)}
            name="remarks"
            maxLength={500}
            value={form.remarks}
            error={text(errors.remarks)}
            onChange={(e) => set("remarks")(e.target.value)}
          />
          <Button type="submit" disabled={sending}>
            {intl.formatMessage(sending ? messages.sending : messages.submit)}
          </Button>
        </form>
      )}
    </>
  );
}

/** Register interest in a product (no lead token); the form goes through the product's flow. */
export function RegisterInterestPage({
  product,
  postcode,
  residence,
}: {
  product: Product;
  postcode?: string;
  residence?: "landed" | "multiStorey";
}) {
  const intl = useIntl();
  const productName = useProductName(product);
  const title = intl.formatMessage(messages.title, { product: productName });
  const lead = intl.formatMessage(product === "tv" ? messages.tvLead : messages.lead);
  usePageAnalytics({ pageType: "register_interest", product });
  return (
    <Container>
      <Crumbs trail={[{ key: "register-interest", label: title }]} />
      <PageHeader title={title} lead={lead} />
      <LeadJourney product={product}>
        <RegisterInterestForm product={product} postcode={postcode} residence={residence} />
      </LeadJourney>
    </Container>
  );
}

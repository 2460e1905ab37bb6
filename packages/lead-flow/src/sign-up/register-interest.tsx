"use client";

import { Button, ErrorSummary, RadioGroup, TextField, buttonClassName } from "@portal/ui";
import { registerInterestFormSchema } from "@portal/validation";
import { useSchemaForm, type SchemaFieldProps } from "@portal/validation/react";
import { useEffect, useRef, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { PlaceLink, useSignUp } from "./context.js";

const messages = defineMessages({
  name: { id: "signup.interest.name", defaultMessage: "Full name", description: "Label: name" },
  phone: {
    id: "signup.interest.phone",
    defaultMessage: "Mobile number",
    description: "Label: mobile number",
  },
  phoneHint: {
    id: "signup.interest.phone.hint",
    defaultMessage: "For example 012-345 6789",
    description: "Hint: mobile number",
  },
  email: {
    id: "signup.interest.email",
    defaultMessage: "Email (optional)",
    description: "Label: optional email",
  },
  postcode: {
    id: "signup.interest.postcode",
    defaultMessage: "Postcode",
    description: "Label: postcode",
  },
  postcodeHint: {
    id: "signup.interest.postcode.hint",
    defaultMessage: "5 digits",
    description: "Hint: postcode",
  },
  residence: {
    id: "signup.interest.residence",
    defaultMessage: "Type of home (optional)",
    description: "Legend: residence type",
  },
  landed: {
    id: "signup.interest.residence.landed",
    defaultMessage: "Landed",
    description: "Residence type: landed",
  },
  multiStorey: {
    id: "signup.interest.residence.multi-storey",
    defaultMessage: "Multi-storey",
    description: "Residence type: multi-storey",
  },
  address: {
    id: "signup.interest.address",
    defaultMessage: "Address (optional)",
    description: "Label: free-text address",
  },
  remarks: {
    id: "signup.interest.remarks",
    defaultMessage: "Anything else we should know? (optional)",
    description: "Label: remarks",
  },
  contactConsent: {
    id: "signup.interest.contact-consent",
    defaultMessage:
      "Send me one SMS when {product} reaches my address, with a link to sign up. (optional)",
    description: "Checkbox: consent to one SMS when coverage arrives (issue 24)",
  },
  noContactBody: {
    id: "signup.interest.thanks.no-contact",
    defaultMessage:
      "We have noted your interest in {product} at postcode {postcode}. We will not contact you about it.",
    description: "Success text (fibre) when the visitor did not ask for an SMS",
  },
  submit: {
    id: "signup.interest.submit",
    defaultMessage: "Register interest",
    description: "Submit button",
  },
  sending: {
    id: "signup.interest.sending",
    defaultMessage: "Sending…",
    description: "Form being sent",
  },
  failed: {
    id: "signup.interest.failed",
    defaultMessage:
      "We could not send your registration. Nothing you typed is lost: check your connection and try again.",
    description: "Submission failed",
  },
  tooMany: {
    id: "signup.interest.too-many",
    defaultMessage: "Too many attempts from this device. Wait a minute, then try again.",
    description: "Submission rate-limited",
  },
  thanksTitle: {
    id: "signup.interest.thanks.title",
    defaultMessage: "Thank you, you are on the list",
    description: "Success heading",
  },
  thanksBody: {
    id: "signup.interest.thanks.body",
    defaultMessage: "We will contact you when {product} reaches postcode {postcode}.",
    description: "Success text (fibre)",
  },
  tvThanksBody: {
    id: "signup.interest.tv.thanks.body",
    defaultMessage: "A {product} adviser will call you within 2 working days.",
    description: "Success text for Suria TV",
  },
  home: {
    id: "signup.interest.home",
    defaultMessage: "Back to the home page",
    description: "Link home after success",
  },
});

/**
 * Register interest (no lead token needed), typed into the flow's draft (`drafts.interest`, which
 * the flow prefills with an address that is not covered); kept as typed when sending fails.
 */
export function RegisterInterest() {
  const intl = useIntl();
  const { state, flow, language, product, productName } = useSignUp();
  const [done, setDone] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useSchemaForm({
    schema: registerInterestFormSchema,
    language,
    values: state.drafts.interest,
    onValuesChange: (values) => flow.edit("interest", values),
    labels: {
      name: intl.formatMessage(messages.name),
      phoneNumber: intl.formatMessage(messages.phone),
      email: intl.formatMessage(messages.email),
      postalCode: intl.formatMessage(messages.postcode),
      residenceType: intl.formatMessage(messages.residence),
      address: intl.formatMessage(messages.address),
      remarks: intl.formatMessage(messages.remarks),
      contactConsent: intl.formatMessage(messages.contactConsent, { product: productName }),
    },
    // A number or an email mistyped shows its message as the field is left, not only on submit.
    showOnBlur: true,
    onSubmit: async () => {
      try {
        await flow.registerInterest();
        setDone(true);
      } catch {
        // Shown from state.errors.registerInterest; nothing typed is lost.
      }
    },
  });
  useEffect(() => {
    if (done) headingRef.current?.focus();
  }, [done]);
  const sending = state.loading.registerInterest;
  const failure = state.errors.registerInterest;

  if (done && state.interest) {
    return (
      <section className="signup-panel signup-panel--ok" data-testid="interest-done">
        <h2 ref={headingRef} tabIndex={-1}>
          {intl.formatMessage(messages.thanksTitle)}
        </h2>
        <p>
          {product === "tv"
            ? intl.formatMessage(messages.tvThanksBody, { product: productName })
            : intl.formatMessage(
                state.drafts.interest.contactConsent === "yes"
                  ? messages.thanksBody
                  : messages.noContactBody,
                {
                  product: productName,
                  postcode: state.drafts.interest.postalCode.trim(),
                },
              )}
        </p>
        <PlaceLink place="home" className={buttonClassName("primary")}>
          {intl.formatMessage(messages.home)}
        </PlaceLink>
      </section>
    );
  }
  return (
    <form
      {...form.formProps}
      className="signup-form"
      aria-busy={sending}
      data-testid="interest-form"
    >
      <ErrorSummary errors={form.summary} data-testid="error-summary" />
      <div aria-live="polite" className="signup-live">
        {failure && failure.code !== "invalid-input" ? (
          <p className="signup-alert" role="alert">
            {intl.formatMessage(failure.statusCode === 429 ? messages.tooMany : messages.failed)}
          </p>
        ) : null}
      </div>
      <TextField {...form.field("name")} label={intl.formatMessage(messages.name)} />
      <TextField
        {...form.field("phoneNumber")}
        label={intl.formatMessage(messages.phone)}
        hint={intl.formatMessage(messages.phoneHint)}
        type="tel"
      />
      <TextField {...form.field("email")} label={intl.formatMessage(messages.email)} type="email" />
      <TextField
        {...form.field("postalCode")}
        label={intl.formatMessage(messages.postcode)}
        hint={intl.formatMessage(messages.postcodeHint)}
        className="signup-field--short"
      />
      <RadioGroup
        {...form.field("residenceType")}
        label={intl.formatMessage(messages.residence)}
        inline
        options={[
          { value: "landed", label: intl.formatMessage(messages.landed) },
          { value: "multiStorey", label: intl.formatMessage(messages.multiStorey) },
        ]}
      />
      <TextField {...form.field("address")} label={intl.formatMessage(messages.address)} />
      <TextField {...form.field("remarks")} label={intl.formatMessage(messages.remarks)} />
      {product === "tv" ? null : <ContactConsent field={form.field("contactConsent")} />}
      <Button type="submit" disabled={sending}>
        {intl.formatMessage(sending ? messages.sending : messages.submit)}
      </Button>
    </form>
  );
}

/** The consent to one SMS when coverage arrives (issue 24): never ticked in advance (PDPA). */
function ContactConsent({ field }: { field: SchemaFieldProps }) {
  const intl = useIntl();
  const { productName } = useSignUp();
  return (
    <div className="pui-field signup-check">
      <input
        type="checkbox"
        id={field.id}
        name={field.name}
        checked={field.value === "yes"}
        onChange={(event) => field.onChange(event.target.checked ? "yes" : "")}
        data-testid="interest-contact-consent"
      />
      <label htmlFor={field.id}>
        {intl.formatMessage(messages.contactConsent, { product: productName })}
      </label>
    </div>
  );
}

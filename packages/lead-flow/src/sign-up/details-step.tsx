"use client";

import { Button, ErrorSummary, TextField } from "@portal/ui";
import { leadContactSchema } from "@portal/validation";
import { useSchemaForm } from "@portal/validation/react";
import { useMemo } from "react";
import { defineMessages, useIntl } from "react-intl";
import { PlaceLink, useSignUp } from "./context.js";
import { common } from "./messages.js";

const messages = defineMessages({
  intro: {
    id: "signup.details.intro",
    defaultMessage: "Tell us how to reach you. We will send a code to your mobile to verify it.",
    description: "Intro of the contact details step",
  },
  address: {
    id: "signup.details.address",
    defaultMessage: "Installation address: {address}",
    description: "The covered address the lead is for",
  },
  name: {
    id: "signup.details.name",
    defaultMessage: "Full name (as on your MyKad)",
    description: "Label: name",
  },
  phone: {
    id: "signup.details.phone",
    defaultMessage: "Mobile number",
    description: "Label: mobile number",
  },
  phoneHint: {
    id: "signup.details.phone.hint",
    defaultMessage: "For example 012-345 6789",
    description: "Hint: mobile number",
  },
  alternate: {
    id: "signup.details.alternate",
    defaultMessage: "Alternate number (optional)",
    description: "Label: alternate phone number",
  },
  alternateHint: {
    id: "signup.details.alternate.hint",
    defaultMessage: "Another number, mobile or fixed line, we can call if we cannot reach you",
    description: "Hint: alternate phone number",
  },
  email: { id: "signup.details.email", defaultMessage: "Email", description: "Label: email" },
  submit: {
    id: "signup.details.submit",
    defaultMessage: "Save and continue",
    description: "Submit the contact details",
  },
  phoneRefused: {
    id: "signup.details.phone.refused",
    defaultMessage: "We could not accept this mobile number. Check it and try again.",
    description: "Server refused the phone number",
  },
  alternateRefused: {
    id: "signup.details.alternate.refused",
    defaultMessage:
      "We could not accept this alternate number. Use a different number from your main one.",
    description: "Server refused the alternate number",
  },
  emailRefused: {
    id: "signup.details.email.refused",
    defaultMessage: "We could not accept this email address. Check it and try again.",
    description: "Server refused the email",
  },
  notInCoverage: {
    id: "signup.details.not-in-coverage",
    defaultMessage:
      "{product} is no longer available at this address. Check another address or register your interest.",
    description: "Server says the address is not in coverage",
  },
});

/**
 * Step 2: contact details, typed into the flow's draft (`drafts.contact`) and checked with
 * @portal/validation; the fields the service refuses come back through the flow's
 * `leadUpdateFlags` and show on their field until edited.
 */
export function DetailsStep() {
  const intl = useIntl();
  const { state, flow, language, productName } = useSignUp();
  const flags = state.leadUpdateFlags;
  const busy = state.loading.updateLead;
  // None while a new update runs: the same refusal again is a new answer, announced again.
  const refused = useMemo(() => {
    if (!flags || busy) return undefined;
    return {
      ...(flags.isPhoneNumberInValid
        ? { phoneNumber: intl.formatMessage(messages.phoneRefused) }
        : {}),
      ...(flags.isAlternateNumberInValid
        ? { alternatePhoneNumber: intl.formatMessage(messages.alternateRefused) }
        : {}),
      ...(flags.isEmailInValid ? { email: intl.formatMessage(messages.emailRefused) } : {}),
    };
  }, [flags, busy, intl]);
  const form = useSchemaForm({
    schema: leadContactSchema,
    language,
    values: state.drafts.contact,
    onValuesChange: (values) => flow.edit("contact", values),
    serverErrors: refused,
    labels: {
      name: intl.formatMessage(messages.name),
      phoneNumber: intl.formatMessage(messages.phone),
      alternatePhoneNumber: intl.formatMessage(messages.alternate),
      email: intl.formatMessage(messages.email),
    },
    // A number or an email mistyped shows its message as the field is left, not only on Save.
    showOnBlur: true,
    onSubmit: () => flow.updateLead().catch(() => undefined),
  });
  const error = state.errors.updateLead;
  const failed =
    error !== undefined &&
    error.code !== "lead-update-rejected" &&
    error.code !== "invalid-input" &&
    error.code !== "missing-token";

  return (
    <form {...form.formProps} className="signup-form" aria-busy={busy}>
      <p>{intl.formatMessage(messages.intro)}</p>
      {state.address ? (
        <p className="signup-address">
          <span>{intl.formatMessage(messages.address, { address: state.address.formatted })}</span>
          <PlaceLink place="address">{intl.formatMessage(common.changeAddress)}</PlaceLink>
        </p>
      ) : null}
      <ErrorSummary errors={form.summary} data-testid="error-summary" />
      <div aria-live="polite" className="signup-live">
        {flags?.isErrorNotInCoverage ? (
          <div className="signup-alert" role="alert" data-testid="not-in-coverage">
            <p>{intl.formatMessage(messages.notInCoverage, { product: productName })}</p>
            <p>
              <PlaceLink place="address">{intl.formatMessage(common.checkCoverage)}</PlaceLink>
            </p>
          </div>
        ) : null}
        {failed ? (
          <div className="signup-alert" role="alert">
            <p>{intl.formatMessage(common.requestFailed)}</p>
          </div>
        ) : null}
      </div>
      <TextField {...form.field("name")} label={intl.formatMessage(messages.name)} />
      <TextField
        {...form.field("phoneNumber")}
        label={intl.formatMessage(messages.phone)}
        hint={intl.formatMessage(messages.phoneHint)}
        type="tel"
      />
      <TextField
        {...form.field("alternatePhoneNumber")}
        label={intl.formatMessage(messages.alternate)}
        hint={intl.formatMessage(messages.alternateHint)}
        type="tel"
      />
      <TextField {...form.field("email")} label={intl.formatMessage(messages.email)} type="email" />
      <Button type="submit" disabled={busy}>
        {intl.formatMessage(busy ? common.saving : messages.submit)}
      </Button>
    </form>
  );
}

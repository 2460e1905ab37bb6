import { Link } from "@tanstack/react-router";
import { Button, TextField } from "@portal/ui";
import { leadContactSchema, type Product } from "@portal/validation";
import { useRef, useState, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useJourney } from "../../../shared/lead-journey";
import { checkFields, focusFirstInvalid, useValidationText, type FieldCodes } from "./journey";
import { productSearch } from "../api/journey-product";
import { journeyMessages } from "./messages";

const messages = defineMessages({
  intro: {
    id: "fibre.details.intro",
    defaultMessage: "Tell us how to reach you. We will send a code to your mobile to verify it.",
    description: "Intro of the contact details step",
  },
  address: {
    id: "fibre.details.address",
    defaultMessage: "Installation address: {address}",
    description: "The covered address the lead is for",
  },
  changeAddress: {
    id: "fibre.details.change-address",
    defaultMessage: "Change address",
    description: "Link back to the coverage page",
  },
  name: {
    id: "fibre.details.name",
    defaultMessage: "Full name (as on your MyKad)",
    description: "Label: name",
  },
  phone: {
    id: "fibre.details.phone",
    defaultMessage: "Mobile number",
    description: "Label: mobile number",
  },
  phoneHint: {
    id: "fibre.details.phone.hint",
    defaultMessage: "For example 012-345 6789",
    description: "Hint: mobile number",
  },
  alternate: {
    id: "fibre.details.alternate",
    defaultMessage: "Alternate number (optional)",
    description: "Label: alternate phone number",
  },
  alternateHint: {
    id: "fibre.details.alternate.hint",
    defaultMessage: "Another number, mobile or fixed line, we can call if we cannot reach you",
    description: "Hint: alternate phone number",
  },
  email: { id: "fibre.details.email", defaultMessage: "Email", description: "Label: email" },
  submit: {
    id: "fibre.details.submit",
    defaultMessage: "Save and continue",
    description: "Submit the contact details",
  },
  saving: {
    id: "fibre.details.saving",
    defaultMessage: "Saving…",
    description: "Contact details being saved",
  },
  phoneRefused: {
    id: "fibre.details.phone.refused",
    defaultMessage: "We could not accept this mobile number. Check it and try again.",
    description: "Server refused the phone number",
  },
  alternateRefused: {
    id: "fibre.details.alternate.refused",
    defaultMessage:
      "We could not accept this alternate number. Use a different number from your main one.",
    description: "Server refused the alternate number",
  },
  emailRefused: {
    id: "fibre.details.email.refused",
    defaultMessage: "We could not accept this email address. Check it and try again.",
    description: "Server refused the email",
  },
  notInCoverage: {
    id: "fibre.details.not-in-coverage",
    defaultMessage:
      "Suria Fibre is no longer available at this address. Check another address or register your interest.",
    description: "Server says the address is not in coverage",
  },
});

type Contact = { name: string; phoneNumber: string; alternatePhoneNumber: string; email: string };

/** Step 2: contact details, validated inline; refused fields come back through the lead-flow flags. */
export function DetailsStep({ product }: { product: Product }) {
  const intl = useIntl();
  const text = useValidationText();
  const { state, flow } = useJourney();
  const [form, setForm] = useState<Contact>({
    name: "",
    phoneNumber: "",
    alternatePhoneNumber: "",
    email: "",
  });
  const [errors, setErrors] = useState<FieldCodes>({});
  const [failed, setFailed] = useState(false);
  // A field edited since the server refused it no longer shows the server's message.
  const [edited, setEdited] = useState<Partial<Record<keyof Contact, boolean>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const flags = state.leadUpdateFlags;

  const input = (f: Contact) => ({
    name: f.name.trim(),
    phoneNumber: f.phoneNumber.trim(),
    alternatePhoneNumber: f.alternatePhoneNumber.trim(),
    email: f.email.trim(),
  });

  const onBlur = (key: keyof Contact) => () => {
    if (form[key] === "") return; // no error for a field the visitor has not filled yet
    const found = checkFields(leadContactSchema, input(form));
    setErrors((e) => ({ ...e, [key]: found[key] }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const contact = input(form);
    const found = checkFields(leadContactSchema, contact);
    setErrors(found);
    setFailed(false);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setEdited({});
    try {
      await flow.updateLead({
        name: contact.name,
        phoneNumber: contact.phoneNumber,
        ...(contact.alternatePhoneNumber
          ? { alternatePhoneNumber: contact.alternatePhoneNumber }
          : {}),
        email: contact.email,
      });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "lead-update-rejected" || code === "invalid-input") {
        requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      } else if (code !== "missing-token") setFailed(true);
    }
  }

  const set = (key: keyof Contact) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setEdited((e) => ({ ...e, [key]: true }));
  };
  const error = (key: keyof Contact, refused: boolean | undefined, refusedText: string) =>
    text(errors[key]) ?? (refused && !edited[key] ? refusedText : undefined);
  const nameError = text(errors.name);
  const phoneError = error(
    "phoneNumber",
    flags?.isPhoneNumberInValid,
    intl.formatMessage(messages.phoneRefused),
  );
  const alternateError = error(
    "alternatePhoneNumber",
    flags?.isAlternateNumberInValid,
    intl.formatMessage(messages.alternateRefused),
  );
  const emailError = error(
    "email",
    flags?.isEmailInValid,
    intl.formatMessage(messages.emailRefused),
  );
  const count = [nameError, phoneError, alternateError, emailError].filter(Boolean).length;
  const busy = state.loading.updateLead;

  return (
    <form ref={formRef} className="fibre-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <p>{intl.formatMessage(messages.intro)}</p>
      {state.address ? (
        <p className="fibre-address">
          <span>{intl.formatMessage(messages.address, { address: state.address.formatted })}</span>
          <Link to="/coverage" search={productSearch(product)}>
            {intl.formatMessage(messages.changeAddress)}
          </Link>
        </p>
      ) : null}
      <div aria-live="polite" className="fibre-live">
        {flags?.isErrorNotInCoverage ? (
          <div className="fibre-alert" role="alert" data-testid="not-in-coverage">
            <p>{intl.formatMessage(messages.notInCoverage)}</p>
            <p>
              <Link to="/coverage" search={productSearch(product)}>
                {intl.formatMessage(journeyMessages.checkCoverage)}
              </Link>
            </p>
          </div>
        ) : null}
        {count > 0 ? (
          <p className="fibre-summary">
            {intl.formatMessage(journeyMessages.fixErrors, { count })}
          </p>
        ) : null}
        {failed ? (
          <div className="fibre-alert" role="alert">
            <p>{intl.formatMessage(journeyMessages.requestFailed)}</p>
          </div>
        ) : null}
      </div>
      <TextField
        label={intl.formatMessage(messages.name)}
        name="name"
        required
        autoComplete="name"
        maxLength={100}
        value={form.name}
        error={nameError}
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
        error={phoneError}
        onChange={(e) => set("phoneNumber")(e.target.value)}
        onBlur={onBlur("phoneNumber")}
      />
      <TextField
        label={intl.formatMessage(messages.alternate)}
        hint={intl.formatMessage(messages.alternateHint)}
        name="alternatePhoneNumber"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        value={form.alternatePhoneNumber}
        error={alternateError}
        onChange={(e) => set("alternatePhoneNumber")(e.target.value)}
        onBlur={onBlur("alternatePhoneNumber")}
      />
      <TextField
        label={intl.formatMessage(messages.email)}
        name="email"
        type="email"
        inputMode="email"
        required
        autoComplete="email"
        value={form.email}
        error={emailError}
        onChange={(e) => set("email")(e.target.value)}
        onBlur={onBlur("email")}
      />
      <Button type="submit" disabled={busy}>
        {intl.formatMessage(busy ? messages.saving : messages.submit)}
      </Button>
    </form>
  );
}

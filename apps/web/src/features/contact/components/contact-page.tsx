import { useMutation } from "@tanstack/react-query";
import {
  Button,
  Container,
  ErrorState,
  PageHeader,
  RadioGroup,
  SelectField,
  TextField,
  uiMessages,
} from "@portal/ui";
import {
  contactUsFormSchema,
  formatValidationMessage,
  isMessageKey,
  toMarketingFields,
  validate,
  type MarketingContactFields,
} from "@portal/validation";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { useConfig } from "../../../shared/config";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { ContactSubmitError, submitContactUs, type ContactFailure } from "../api/submit-contact-us";
import { AltchaField, type AltchaHandle, type AltchaState } from "./altcha-field";
import "./contact.css";
import { contactPageMessages } from "../messages";

const messages = {
  ...contactPageMessages,
  ...defineMessages({
    fullname: { id: "contact.fullname", defaultMessage: "Full name", description: "Field label" },
    mobileNumber: {
      id: "contact.mobile",
      defaultMessage: "Mobile number",
      description: "Field label",
    },
    mobileHint: {
      id: "contact.mobile.hint",
      defaultMessage: "For example 012-3456789",
      description: "Hint under the mobile number",
    },
    email: { id: "contact.email", defaultMessage: "Email (optional)", description: "Field label" },
    altNumber: {
      id: "contact.alt-number",
      defaultMessage: "Another contact number",
      description: "Field label",
    },
    altNumberHint: {
      id: "contact.alt-number.hint",
      defaultMessage: "A second number we can try, for example a family member's",
      description: "Hint under the second contact number",
    },
    address: {
      id: "contact.address",
      defaultMessage: "Installation address",
      description: "Field label",
    },
    box: { id: "contact.box", defaultMessage: "TV box", description: "Field label" },
    boxPlaceholder: {
      id: "contact.box.placeholder",
      defaultMessage: "Choose a box",
      description: "Empty option of the TV box list",
    },
    boxUltra: { id: "contact.box.ultra", defaultMessage: "Suria Ultra Box", description: "TV box" },
    boxPlus: { id: "contact.box.plus", defaultMessage: "Suria Plus Box", description: "TV box" },
    boxUnsure: {
      id: "contact.box.unsure",
      defaultMessage: "Not sure yet",
      description: "TV box option when the visitor does not know",
    },
    dish: { id: "contact.dish", defaultMessage: "Satellite dish", description: "Field label" },
    dishNew: { id: "contact.dish.new", defaultMessage: "I need a new dish", description: "Option" },
    dishExisting: {
      id: "contact.dish.existing",
      defaultMessage: "I already have a dish",
      description: "Option",
    },
    consent: {
      id: "contact.consent",
      defaultMessage: "By sending this form you agree that Suria may call or email you about it.",
      description: "Consent note above the send button",
    },
    captchaLabel: {
      id: "contact.captcha.label",
      defaultMessage: "I am not a robot",
      description: "ALTCHA checkbox label",
    },
    captchaVerifying: {
      id: "contact.captcha.verifying",
      defaultMessage: "Checking…",
      description: "ALTCHA while solving",
    },
    captchaVerified: {
      id: "contact.captcha.verified",
      defaultMessage: "Verified",
      description: "ALTCHA solved",
    },
    captchaError: {
      id: "contact.captcha.error",
      defaultMessage: "The check failed. Tick the box to try again.",
      description: "ALTCHA failed",
    },
    captchaExpired: {
      id: "contact.captcha.expired",
      defaultMessage: "The check expired. Tick the box again.",
      description: "ALTCHA expired",
    },
    captchaRequired: {
      id: "contact.captcha.required",
      defaultMessage: "Tick the box to show you are not a robot.",
      description: "ALTCHA not ticked yet",
    },
    captchaWait: {
      id: "contact.captcha.wait",
      defaultMessage: "Checking. Please wait…",
      description: "ALTCHA busy",
    },
    captchaLink: {
      id: "contact.captcha.link",
      defaultMessage: "Visit altcha.org",
      description: "ALTCHA footer link name",
    },
    captchaFooter: {
      id: "contact.captcha.footer",
      defaultMessage: "Protected by ALTCHA",
      description: "ALTCHA footer",
    },
    send: { id: "contact.send", defaultMessage: "Send", description: "Submit button" },
    sending: {
      id: "contact.sending",
      defaultMessage: "Sending…",
      description: "Submit in progress",
    },
    errorsSummary: {
      id: "contact.errors",
      defaultMessage:
        "{count, plural, one {One field needs your attention.} other {# fields need your attention.}}",
      description: "Announced when the form has errors",
    },
    failedTitle: {
      id: "contact.failed.title",
      defaultMessage: "We could not send your details",
      description: "Submission failed heading",
    },
    failedBody: {
      id: "contact.failed.body",
      defaultMessage: "Your details are still here. Check your connection, then try again.",
      description: "Submission failed text",
    },
    captchaFailedTitle: {
      id: "contact.failed.captcha.title",
      defaultMessage: "The security check was not accepted",
      description: "Captcha refused heading",
    },
    captchaFailedBody: {
      id: "contact.failed.captcha.body",
      defaultMessage:
        "It may have expired. Your details are still here: try again and we will run a new check.",
      description: "Captcha refused text",
    },
    retry: { id: "contact.retry", defaultMessage: "Try again", description: "Retry button" },
    sentTitle: {
      id: "contact.sent.title",
      defaultMessage: "Thank you, we have your details",
      description: "Success heading",
    },
    sentBody: {
      id: "contact.sent.body",
      defaultMessage: "Our team will call you within 2 working days.",
      description: "Success text",
    },
    sendAnother: {
      id: "contact.sent.again",
      defaultMessage: "Send another request",
      description: "Start a new form after success",
    },
  }),
};

/** The form as the visitor types it (contactUsFormSchema input). */
interface ContactForm {
  fullname: string;
  mobileNumber: string;
  email: string;
  altNumber: string;
  address: string;
  boxSelection: string;
  dishSelection: string;
}

type FieldName = keyof ContactForm;
type Errors = Partial<Record<FieldName | "altcha", string>>;

const EMPTY: ContactForm = {
  fullname: "",
  mobileNumber: "",
  email: "",
  altNumber: "",
  address: "",
  boxSelection: "",
  dishSelection: "",
};

const FIELD_ORDER: readonly FieldName[] = [
  "fullname",
  "mobileNumber",
  "email",
  "altNumber",
  "address",
  "boxSelection",
  "dishSelection",
];

// The marketing backend's field names back to the form's (a 400 names the backend field).
const FROM_MARKETING: Record<string, FieldName> = {
  name: "fullname",
  first_contact_number: "mobileNumber",
  email: "email",
  second_contact_number: "altNumber",
  address: "address",
  box_selection: "boxSelection",
  dish_selection: "dishSelection",
};

// Values the marketing backend receives: stable, whatever the interface language.
const BOX_VALUES = ["Suria Ultra Box", "Suria Plus Box", "Not sure"] as const;
const DISH_VALUES = ["New dish", "Existing dish"] as const;

interface Submission {
  fields: MarketingContactFields;
  altcha: string;
}

/** The contact-us form with its ALTCHA check; every typed value survives a failed send. */
export function ContactPage() {
  const intl = useIntl();
  const { lang } = useLanguage();
  const config = useConfig();
  const baseId = useId();
  const [form, setForm] = useState<ContactForm>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [errorCount, setErrorCount] = useState(0);
  const [failure, setFailure] = useState<ContactFailure | null>(null);
  const [sent, setSent] = useState(false);
  const captcha = useRef<AltchaHandle>(null);
  const payload = useRef<string | undefined>(undefined);
  const sendWhenVerified = useRef(false);
  const sentHeading = useRef<HTMLHeadingElement>(null);

  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "contact", product: "tv" });

  const mutation = useMutation({
    mutationFn: ({ fields, altcha }: Submission) =>
      submitContactUs(config.marketing, fields, altcha),
  });

  const fieldId = (name: FieldName) => `${baseId}-${name}`;
  const text = (code: string) =>
    formatValidationMessage(
      isMessageKey(code)
        ? code
        : code.endsWith(".required")
          ? "validation.required"
          : "validation.invalid",
      lang,
    );

  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  const focusField = (name: FieldName | "altcha") => {
    if (name === "altcha") return captcha.current?.focus();
    const element =
      name === "dishSelection"
        ? document.querySelector<HTMLInputElement>(`input[name="${baseId}-dish"]`)
        : document.getElementById(fieldId(name));
    element?.focus();
  };

  const set = (name: FieldName, value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const send = (fields: MarketingContactFields, altcha: string) => {
    setFailure(null);
    mutation.mutate(
      { fields, altcha },
      {
        onSuccess: () => {
          setSent(true);
          setForm(EMPTY);
        },
        onError: (error) => {
          // A solution is single use: whatever went wrong, the next try solves a new one.
          payload.current = undefined;
          captcha.current?.reset();
          const reason: ContactFailure =
            error instanceof ContactSubmitError ? error.failure : { kind: "failed" };
          const field = reason.kind === "field" ? FROM_MARKETING[reason.field] : undefined;
          if (reason.kind === "field" && field) {
            setErrors({ [field]: text(reason.code ?? "validation.invalid") });
            setErrorCount(1);
            focusField(field);
            return;
          }
          setFailure(reason.kind === "field" ? { kind: "failed" } : reason);
        },
      },
    );
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (mutation.isPending) return;
    const result = validate(contactUsFormSchema, form);
    const next: Errors = {};
    for (const error of result.errors ?? []) {
      const name = error.field as FieldName;
      if (FIELD_ORDER.includes(name)) next[name] = text(error.code);
    }
    // The marketing contract requires second_contact_number (SPEC 3 marks only email optional),
    // while contactUsFormSchema lets altNumber be empty: ask for it before the service refuses it.
    if (!next.altNumber && form.altNumber.trim() === "")
      next.altNumber = text("validation.required");
    if (!result.success || next.altNumber) {
      setErrors(next);
      setErrorCount(Object.keys(next).length);
      const first = FIELD_ORDER.find((name) => next[name]);
      if (first) focusField(first);
      return;
    }
    setErrors({});
    setErrorCount(0);
    const fields = toMarketingFields(result.output, config.marketing.formKey);
    if (payload.current) {
      send(fields, payload.current);
      return;
    }
    // Not solved yet: solve now and send as soon as the widget reports a solution.
    sendWhenVerified.current = true;
    captcha.current?.verify();
  };

  const onCaptcha = (state: AltchaState, solution: string | undefined) => {
    payload.current = solution;
    if (state === "verified") {
      setErrors((current) => ({ ...current, altcha: undefined }));
      if (sendWhenVerified.current) {
        sendWhenVerified.current = false;
        submit();
      }
    } else if (state === "error" || state === "expired") {
      if (sendWhenVerified.current) {
        sendWhenVerified.current = false;
        setErrors((current) => ({ ...current, altcha: intl.formatMessage(messages.captchaError) }));
        setErrorCount(1);
      }
    }
  };

  const retry = () => {
    payload.current = undefined;
    captcha.current?.reset();
    submit();
  };

  const captchaStrings = useMemo(
    () => ({
      label: intl.formatMessage(messages.captchaLabel),
      verifying: intl.formatMessage(messages.captchaVerifying),
      verified: intl.formatMessage(messages.captchaVerified),
      error: intl.formatMessage(messages.captchaError),
      expired: intl.formatMessage(messages.captchaExpired),
      verificationRequired: intl.formatMessage(messages.captchaRequired),
      waitAlert: intl.formatMessage(messages.captchaWait),
      ariaLinkLabel: intl.formatMessage(messages.captchaLink),
      footer: intl.formatMessage(messages.captchaFooter),
    }),
    [intl],
  );

  if (sent) {
    return (
      <Container>
        <Crumbs trail={[{ key: "contact", label: title }]} />
        <section className="contact-sent" data-testid="contact-sent">
          <h1 ref={sentHeading} tabIndex={-1}>
            {intl.formatMessage(messages.sentTitle)}
          </h1>
          <p>{intl.formatMessage(messages.sentBody)}</p>
          <Button variant="secondary" onClick={() => setSent(false)}>
            {intl.formatMessage(messages.sendAnother)}
          </Button>
        </section>
      </Container>
    );
  }

  const pending = mutation.isPending;
  return (
    <Container>
      <Crumbs trail={[{ key: "contact", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <form className="contact-form" noValidate onSubmit={submit} data-testid="contact-form">
        <div role="alert" className="contact-form__summary">
          {errorCount > 0 ? (
            <p>{intl.formatMessage(messages.errorsSummary, { count: errorCount })}</p>
          ) : null}
        </div>
        <TextField
          id={fieldId("fullname")}
          label={intl.formatMessage(messages.fullname)}
          name="fullname"
          autoComplete="name"
          required
          value={form.fullname}
          error={errors.fullname}
          onChange={(e) => set("fullname", e.target.value)}
        />
        <TextField
          id={fieldId("mobileNumber")}
          label={intl.formatMessage(messages.mobileNumber)}
          hint={intl.formatMessage(messages.mobileHint)}
          name="mobileNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          value={form.mobileNumber}
          error={errors.mobileNumber}
          onChange={(e) => set("mobileNumber", e.target.value)}
        />
        <TextField
          id={fieldId("email")}
          label={intl.formatMessage(messages.email)}
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          error={errors.email}
          onChange={(e) => set("email", e.target.value)}
        />
        <TextField
          id={fieldId("altNumber")}
          label={intl.formatMessage(messages.altNumber)}
          hint={intl.formatMessage(messages.altNumberHint)}
          name="altNumber"
          required
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={form.altNumber}
          error={errors.altNumber}
          onChange={(e) => set("altNumber", e.target.value)}
        />
        <div className={errors.address ? "pui-field pui-field--invalid" : "pui-field"}>
          <label className="pui-field__label" htmlFor={fieldId("address")}>
            {intl.formatMessage(messages.address)}
            <span className="pui-field__required contact-form__required">
              {intl.formatMessage(uiMessages.required)}
            </span>
          </label>
          <textarea
            id={fieldId("address")}
            className="pui-input contact-form__textarea"
            name="address"
            autoComplete="street-address"
            rows={3}
            required
            value={form.address}
            aria-invalid={errors.address ? true : undefined}
            aria-describedby={errors.address ? `${fieldId("address")}-error` : undefined}
            onChange={(e) => set("address", e.target.value)}
          />
          {errors.address ? (
            <p id={`${fieldId("address")}-error`} className="pui-field__error">
              {errors.address}
            </p>
          ) : null}
        </div>
        <SelectField
          id={fieldId("boxSelection")}
          label={intl.formatMessage(messages.box)}
          name="boxSelection"
          required
          placeholder={intl.formatMessage(messages.boxPlaceholder)}
          options={BOX_VALUES.map((value, i) => ({
            value,
            label: intl.formatMessage(
              [messages.boxUltra, messages.boxPlus, messages.boxUnsure][i]!,
            ),
          }))}
          value={form.boxSelection}
          error={errors.boxSelection}
          onChange={(e) => set("boxSelection", e.target.value)}
        />
        <RadioGroup
          label={intl.formatMessage(messages.dish)}
          name={`${baseId}-dish`}
          required
          options={DISH_VALUES.map((value, i) => ({
            value,
            label: intl.formatMessage([messages.dishNew, messages.dishExisting][i]!),
          }))}
          value={form.dishSelection}
          error={errors.dishSelection}
          onChange={(value) => set("dishSelection", value)}
        />
        <AltchaField
          ref={captcha}
          challengeUrl={config.captcha.challengeUrl}
          strings={captchaStrings}
          error={errors.altcha}
          errorId={`${baseId}-altcha-error`}
          onStateChange={onCaptcha}
        />
        <p className="contact-form__consent">{intl.formatMessage(messages.consent)}</p>
        {failure ? (
          <div data-testid="contact-error">
            <ErrorState
              title={intl.formatMessage(
                failure.kind === "captcha" ? messages.captchaFailedTitle : messages.failedTitle,
              )}
              onRetry={retry}
              retryLabel={intl.formatMessage(messages.retry)}
            >
              <p>
                {intl.formatMessage(
                  failure.kind === "captcha" ? messages.captchaFailedBody : messages.failedBody,
                )}
              </p>
            </ErrorState>
          </div>
        ) : null}
        <Button type="submit" disabled={pending} aria-disabled={pending}>
          {intl.formatMessage(pending ? messages.sending : messages.send)}
        </Button>
      </form>
    </Container>
  );
}

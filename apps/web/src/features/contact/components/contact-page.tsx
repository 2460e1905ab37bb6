import { useMutation } from "@tanstack/react-query";
import {
  Button,
  Container,
  ErrorState,
  ErrorSummary,
  PageHeader,
  RadioGroup,
  SelectField,
  TextField,
  uiMessages,
} from "@portal/ui";
import {
  contactUsFormSchema,
  isMessageKey,
  toMarketingFields,
  type MarketingContactFields,
} from "@portal/validation";
import { useSchemaForm } from "@portal/validation/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
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

type FieldName = keyof typeof contactUsFormSchema.entries;

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

/** Why the last send failed, from the mutation's error. */
const failureOf = (error: unknown): ContactFailure =>
  error instanceof ContactSubmitError ? error.failure : { kind: "failed" };

/** The contact-us form with its ALTCHA check; every typed value survives a failed send. */
export function ContactPage() {
  const intl = useIntl();
  const { lang } = useLanguage();
  const config = useConfig();
  const captchaId = useId();
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const captcha = useRef<AltchaHandle>(null);
  const payload = useRef<string | undefined>(undefined);
  // The fields waiting for the widget's solution (sent as soon as it is verified).
  const waiting = useRef<MarketingContactFields | undefined>(undefined);
  const sentHeading = useRef<HTMLHeadingElement>(null);

  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "contact", product: "tv" });

  const mutation = useMutation({
    mutationFn: ({ fields, altcha }: Submission) =>
      submitContactUs(config.marketing, fields, altcha),
  });
  const failure = mutation.isError ? failureOf(mutation.error) : null;
  // A field the backend refused is shown on it; another refusal is a failed send.
  const refusedField = failure?.kind === "field" ? FROM_MARKETING[failure.field] : undefined;
  const refusedCode = failure?.kind === "field" ? failure.code : undefined;

  function send(fields: MarketingContactFields, altcha: string) {
    mutation.mutate(
      { fields, altcha },
      {
        onSuccess: () => form.reset(),
        // A solution is single use: whatever went wrong, the next try solves a new one.
        onError: () => {
          payload.current = undefined;
          captcha.current?.reset();
        },
      },
    );
  }

  const labels = {
    fullname: intl.formatMessage(messages.fullname),
    mobileNumber: intl.formatMessage(messages.mobileNumber),
    email: intl.formatMessage(messages.email),
    altNumber: intl.formatMessage(messages.altNumber),
    address: intl.formatMessage(messages.address),
    boxSelection: intl.formatMessage(messages.box),
    dishSelection: intl.formatMessage(messages.dish),
  };
  const form = useSchemaForm({
    schema: contactUsFormSchema,
    language: lang,
    labels,
    serverErrors: refusedField
      ? {
          [refusedField]: isMessageKey(refusedCode)
            ? refusedCode
            : refusedCode?.endsWith(".required")
              ? "validation.required"
              : "validation.invalid",
        }
      : undefined,
    onSubmit: (output) => {
      if (mutation.isPending) return;
      setCaptchaFailed(false);
      const fields = toMarketingFields(output, config.marketing.formKey);
      if (payload.current) return send(fields, payload.current);
      // Not solved yet: solve now and send as soon as the widget reports a solution.
      waiting.current = fields;
      captcha.current?.verify();
    },
  });

  const sent = mutation.isSuccess;
  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  const onCaptcha = (state: AltchaState, solution: string | undefined) => {
    payload.current = solution;
    if (state === "verified") {
      setCaptchaFailed(false);
      const fields = waiting.current;
      waiting.current = undefined;
      if (fields && solution) send(fields, solution);
    } else if ((state === "error" || state === "expired") && waiting.current) {
      waiting.current = undefined;
      setCaptchaFailed(true);
    }
  };

  const retry = () => {
    payload.current = undefined;
    captcha.current?.reset();
    form.formProps.onSubmit();
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
          <Button variant="secondary" onClick={() => mutation.reset()}>
            {intl.formatMessage(messages.sendAnother)}
          </Button>
        </section>
      </Container>
    );
  }

  const pending = mutation.isPending;
  const captchaError = captchaFailed ? intl.formatMessage(messages.captchaError) : undefined;
  const { error: addressError, ...address } = form.field("address");
  return (
    <Container>
      <Crumbs trail={[{ key: "contact", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <form {...form.formProps} className="contact-form" data-testid="contact-form">
        <ErrorSummary
          errors={
            captchaError
              ? [
                  ...form.summary,
                  {
                    id: captchaId,
                    label: intl.formatMessage(messages.captchaLabel),
                    message: captchaError,
                  },
                ]
              : form.summary
          }
        />
        <TextField {...form.field("fullname")} label={labels.fullname} />
        <TextField
          {...form.field("mobileNumber")}
          label={labels.mobileNumber}
          hint={intl.formatMessage(messages.mobileHint)}
          type="tel"
        />
        <TextField {...form.field("email")} label={labels.email} type="email" />
        <TextField
          {...form.field("altNumber")}
          label={labels.altNumber}
          hint={intl.formatMessage(messages.altNumberHint)}
          type="tel"
        />
        <div className={addressError ? "pui-field pui-field--invalid" : "pui-field"}>
          <label className="pui-field__label" htmlFor={address.id}>
            {labels.address}
            <span className="pui-field__required contact-form__required">
              {intl.formatMessage(uiMessages.required)}
            </span>
          </label>
          <textarea
            {...address}
            className="pui-input contact-form__textarea"
            rows={3}
            aria-describedby={addressError ? `${address.id}-error` : undefined}
          />
          {addressError ? (
            <p id={`${address.id}-error`} className="pui-field__error">
              {addressError}
            </p>
          ) : null}
        </div>
        <SelectField
          {...form.field("boxSelection")}
          label={labels.boxSelection}
          placeholder={intl.formatMessage(messages.boxPlaceholder)}
          options={BOX_VALUES.map((value, i) => ({
            value,
            label: intl.formatMessage(
              [messages.boxUltra, messages.boxPlus, messages.boxUnsure][i]!,
            ),
          }))}
        />
        <RadioGroup
          {...form.field("dishSelection")}
          label={labels.dishSelection}
          options={DISH_VALUES.map((value, i) => ({
            value,
            label: intl.formatMessage([messages.dishNew, messages.dishExisting][i]!),
          }))}
        />
        <div id={captchaId} tabIndex={-1} className="contact-form__captcha">
          <AltchaField
            ref={captcha}
            challengeUrl={config.captcha.challengeUrl}
            strings={captchaStrings}
            error={captchaError}
            errorId={`${captchaId}-error`}
            onStateChange={onCaptcha}
          />
        </div>
        <p className="contact-form__consent">{intl.formatMessage(messages.consent)}</p>
        {failure && !refusedField ? (
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

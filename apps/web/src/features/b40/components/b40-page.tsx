import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Button, Container, ErrorState, ErrorSummary, PageHeader, TextField } from "@portal/ui";
import { b40VerifyBodySchema } from "@portal/validation";
import { useSchemaForm } from "@portal/validation/react";
import { useEffect, useRef } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { fieldRefusal } from "../../../shared/field-refusal";
import { formatDate } from "../../../shared/format";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { checkB40, type B40Status } from "../api/check-b40";
import "./b40.css";
import { b40PageMessages } from "../messages";

const messages = {
  ...b40PageMessages,
  ...defineMessages({
    label: { id: "b40.mykad", defaultMessage: "MyKad number", description: "Field label" },
    hint: {
      id: "b40.mykad.hint",
      defaultMessage: "12 digits, with or without dashes, for example 880412-10-5123",
      description: "Hint under the MyKad field",
    },
    submit: { id: "b40.submit", defaultMessage: "Check eligibility", description: "Button" },
    checking: { id: "b40.checking", defaultMessage: "Checking…", description: "Check in progress" },
    privacy: {
      id: "b40.privacy",
      defaultMessage: "Your MyKad number is only used for this check and is not stored.",
      description: "Privacy note under the form",
    },
    eligibleTitle: {
      id: "b40.eligible.title",
      defaultMessage: "You are eligible for the B40 rebate",
      description: "Result heading",
    },
    eligibleBody: {
      id: "b40.eligible.body",
      defaultMessage: "MyKad {identityCard} is registered as B40 until {date}.",
      description: "Result text with the masked card and the last valid day",
    },
    eligibleAction: {
      id: "b40.eligible.action",
      defaultMessage: "See Suria Fibre plans",
      description: "Link after an eligible result",
    },
    notEligibleTitle: {
      id: "b40.not-eligible.title",
      defaultMessage: "This household is not eligible",
      description: "Result heading",
    },
    notEligibleBody: {
      id: "b40.not-eligible.body",
      defaultMessage:
        "MyKad {identityCard} is in the register but not in the B40 group. You can still choose any Suria Fibre plan.",
      description: "Result text",
    },
    notFoundTitle: {
      id: "b40.not-found.title",
      defaultMessage: "We could not find this MyKad",
      description: "Result heading",
    },
    notFoundBody: {
      id: "b40.not-found.body",
      defaultMessage:
        "MyKad {identityCard} is not in the B40 register. Check the number, or ask us on WhatsApp if you think it should be there.",
      description: "Result text",
    },
    errorTitle: {
      id: "b40.error.title",
      defaultMessage: "The check did not go through",
      description: "Error heading",
    },
    errorBody: {
      id: "b40.error.body",
      defaultMessage: "The service did not answer. Your number is still in the form: try again.",
      description: "Error text",
    },
    help: {
      id: "b40.help",
      defaultMessage: "Questions about B40? Read the support centre.",
      description: "Link to the support centre",
    },
  }),
};

const RESULT_TEXT = {
  eligible: [messages.eligibleTitle, messages.eligibleBody],
  notEligible: [messages.notEligibleTitle, messages.notEligibleBody],
  notFound: [messages.notFoundTitle, messages.notFoundBody],
} as const;

function Result({ status }: { status: B40Status }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [status]);
  const [title, body] = RESULT_TEXT[status.status];
  return (
    <section className={`b40-result b40-result--${status.status}`} data-testid="b40-result">
      <h2 ref={heading} tabIndex={-1} data-status={status.status}>
        {intl.formatMessage(title)}
      </h2>
      <p>
        {intl.formatMessage(body, {
          identityCard: status.identityCard,
          date: status.validUntil ? formatDate(status.validUntil, lang) : "",
        })}
      </p>
      {status.status === "eligible" ? (
        <Link to="/$product" params={{ product: "fibre" }}>
          {intl.formatMessage(messages.eligibleAction)}
        </Link>
      ) : null}
    </section>
  );
}

/** The B40 check: MyKad input, anonymous token then verify, and one of four outcomes. */
export function B40Page() {
  const intl = useIntl();
  const { lang } = useLanguage();
  const mutation = useMutation({ mutationFn: checkB40 });
  // The service checks the same rule; its 400 names the key to show on the field.
  const refusal = fieldRefusal(mutation.error);
  const label = intl.formatMessage(messages.label);
  const form = useSchemaForm({
    schema: b40VerifyBodySchema,
    language: lang,
    labels: { identityCard: label },
    serverErrors: refusal ? { identityCard: refusal.code } : undefined,
    // A result belongs to the number it was checked for: none shows beside a number refused.
    onInvalid: () => mutation.reset(),
    onSubmit: ({ identityCard }) => mutation.mutateAsync(identityCard).catch(() => undefined),
  });
  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "b40", product: "fibre" });

  return (
    <Container>
      <Crumbs trail={[{ key: "b40", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <div className="check-layout">
        <form {...form.formProps} className="check-form" data-testid="b40-form">
          <ErrorSummary errors={form.summary} />
          <TextField
            {...form.field("identityCard")}
            label={label}
            hint={intl.formatMessage(messages.hint)}
          />
          <Button type="submit" disabled={form.submitting}>
            {intl.formatMessage(form.submitting ? messages.checking : messages.submit)}
          </Button>
          <p className="check-form__note">{intl.formatMessage(messages.privacy)}</p>
        </form>
        <div className="check-outcome" aria-busy={form.submitting}>
          {mutation.isSuccess ? <Result status={mutation.data} /> : null}
          {mutation.isError && !refusal ? (
            <ErrorState
              title={intl.formatMessage(messages.errorTitle)}
              onRetry={() => form.formProps.onSubmit()}
            >
              <p>{intl.formatMessage(messages.errorBody)}</p>
            </ErrorState>
          ) : null}
        </div>
      </div>
      <p>
        <Link to="/support/$category" params={{ category: "b40-referral" }}>
          {intl.formatMessage(messages.help)}
        </Link>
      </p>
    </Container>
  );
}

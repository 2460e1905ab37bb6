import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { isApiError } from "@portal/api-client";
import { Button, Container, ErrorState, PageHeader, TextField } from "@portal/ui";
import { formatValidationMessage, isMessageKey, myKadSchema, validate } from "@portal/validation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
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
  const inputId = useId();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const mutation = useMutation({ mutationFn: checkB40 });
  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "b40", product: "fibre" });

  const message = (code: string) =>
    formatValidationMessage(isMessageKey(code) ? code : "validation.invalid", lang);

  const run = (event?: FormEvent) => {
    event?.preventDefault();
    const result = validate(myKadSchema, value.trim());
    if (!result.success) {
      setError(message(result.errors[0]?.code ?? "validation.invalid"));
      mutation.reset();
      document.getElementById(inputId)?.focus();
      return;
    }
    setError(undefined);
    mutation.mutate(result.output, {
      onError: (failure) => {
        // The service checks the same rule; its 400 names the key to show on the field.
        if (isApiError(failure, "http") && failure.statusCode === 400) {
          const body = failure.error as { code?: unknown };
          setError(message(typeof body?.code === "string" ? body.code : "validation.invalid"));
          mutation.reset();
          document.getElementById(inputId)?.focus();
        }
      },
    });
  };

  return (
    <Container>
      <Crumbs trail={[{ key: "b40", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <div className="check-layout">
        <form className="check-form" noValidate onSubmit={run} data-testid="b40-form">
          <TextField
            id={inputId}
            label={intl.formatMessage(messages.label)}
            hint={intl.formatMessage(messages.hint)}
            name="identityCard"
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            required
            value={value}
            error={error}
            onChange={(event) => {
              setValue(event.target.value);
              if (error) setError(undefined);
            }}
          />
          {/* Announces a field error even when focus is already in the field. */}
          <p className="pui-visually-hidden" role="alert">
            {error ?? ""}
          </p>
          <Button type="submit" disabled={mutation.isPending}>
            {intl.formatMessage(mutation.isPending ? messages.checking : messages.submit)}
          </Button>
          <p className="check-form__note">{intl.formatMessage(messages.privacy)}</p>
        </form>
        <div className="check-outcome" aria-busy={mutation.isPending}>
          {mutation.isSuccess ? <Result status={mutation.data} /> : null}
          {mutation.isError ? (
            <ErrorState title={intl.formatMessage(messages.errorTitle)} onRetry={() => run()}>
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

import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { isApiError } from "@portal/api-client";
import {
  Button,
  Container,
  ErrorState,
  ErrorSummary,
  LoadingRegion,
  PageHeader,
  SkeletonText,
  TextField,
  buttonClassName,
} from "@portal/ui";
import {
  referralCodeFormSchema,
  maskPersonalData,
  referralCodeSchema,
  referralStatusBodySchema,
  validate,
} from "@portal/validation";
import { useSchemaForm } from "@portal/validation/react";
import { useEffect, useRef, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { useConfig } from "../../../shared/config";
import { formatDate, formatDateTime } from "../../../shared/format";
import { languageSearchValue, useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import {
  checkReferralStatus,
  referralInfoQueryOptions,
  type ReferralInfo,
  type ReferralStatus,
} from "../api/referral";
import "./referral.css";

const messages = defineMessages({
  title: { id: "referral.title", defaultMessage: "Referrals", description: "Referral page title" },
  lead: {
    id: "referral.lead",
    defaultMessage:
      "Got a referral code from a friend? See what it gives you, and follow your referral until the reward is paid.",
    description: "Referral page intro and meta description",
  },
  infoTitle: {
    id: "referral.info.title",
    defaultMessage: "Check a referral code",
    description: "Section heading",
  },
  code: { id: "referral.code", defaultMessage: "Referral code", description: "Field label" },
  codeHint: {
    id: "referral.code.hint",
    defaultMessage: "6 to 12 letters or digits, for example SURIA8K2Q",
    description: "Hint under the referral code",
  },
  codeRequired: {
    id: "referral.code.required",
    defaultMessage: "Enter the referral code.",
    description: "Empty referral code",
  },
  codeInvalid: {
    id: "referral.code.invalid",
    defaultMessage: "This is not a referral code. Codes have 6 to 12 letters or digits.",
    description: "Referral code refused by the service",
  },
  showCode: { id: "referral.info.submit", defaultMessage: "Show details", description: "Button" },
  notFound: {
    id: "referral.info.not-found",
    defaultMessage: "There is no referral code {code}. Check it with the friend who sent it.",
    description: "Unknown referral code",
  },
  referredBy: {
    id: "referral.info.referred-by",
    defaultMessage: "{name} invites you to {product}",
    description: "Referral code owner and product",
  },
  validUntil: {
    id: "referral.info.valid-until",
    defaultMessage: "Valid until {date}",
    description: "Last day a referral code can be used",
  },
  statusActive: {
    id: "referral.info.active",
    defaultMessage: "This code can be used.",
    description: "Referral code status",
  },
  statusExpired: {
    id: "referral.info.expired",
    defaultMessage: "This code has expired.",
    description: "Referral code status",
  },
  statusExhausted: {
    id: "referral.info.exhausted",
    defaultMessage: "This code has been used the maximum number of times.",
    description: "Referral code status",
  },
  signUp: {
    id: "referral.info.sign-up",
    defaultMessage: "Sign up for {product} with this code",
    description: "Link into the sign-up with the code, after a usable code",
  },
  infoError: {
    id: "referral.info.error",
    defaultMessage: "We could not read this referral code",
    description: "Referral info failed",
  },
  statusTitle: {
    id: "referral.status.title",
    defaultMessage: "Check your referral status",
    description: "Section heading",
  },
  statusLead: {
    id: "referral.status.lead",
    defaultMessage: "Enter the code you signed up with and your mobile number.",
    description: "Status section intro",
  },
  phone: { id: "referral.phone", defaultMessage: "Mobile number", description: "Field label" },
  phoneHint: {
    id: "referral.phone.hint",
    defaultMessage: "The number you signed up with, for example 017-1112222",
    description: "Hint under the phone number",
  },
  checkStatus: {
    id: "referral.status.submit",
    defaultMessage: "Check status",
    description: "Button",
  },
  checking: { id: "referral.checking", defaultMessage: "Checking…", description: "In progress" },
  statusNotFound: {
    id: "referral.status.not-found",
    defaultMessage: "We found no referral for this code and mobile number.",
    description: "No such referral",
  },
  statusError: {
    id: "referral.status.error",
    defaultMessage: "The status check did not go through",
    description: "Status check failed",
  },
  statusErrorBody: {
    id: "referral.status.error.body",
    defaultMessage: "Your entries are still in the form: try again.",
    description: "Status check failed text",
  },
  statusUpdated: {
    id: "referral.status.updated",
    defaultMessage: "Last update: {date}",
    description: "When the referral status last changed",
  },
  stepRegistered: {
    id: "referral.step.registered",
    defaultMessage: "Registered",
    description: "Referral step",
  },
  stepVerified: {
    id: "referral.step.verified",
    defaultMessage: "Details verified",
    description: "Referral step",
  },
  stepInstalled: {
    id: "referral.step.installed",
    defaultMessage: "Installed",
    description: "Referral step",
  },
  stepRewarded: {
    id: "referral.step.rewarded",
    defaultMessage: "Reward paid",
    description: "Referral step",
  },
  stepDone: { id: "referral.step.done", defaultMessage: "done", description: "Step state" },
  stepCurrent: {
    id: "referral.step.current",
    defaultMessage: "current step",
    description: "Step state",
  },
  stepTodo: { id: "referral.step.todo", defaultMessage: "to come", description: "Step state" },
  rejected: {
    id: "referral.status.rejected",
    defaultMessage:
      "This referral was not accepted, for example because the address is not covered yet.",
    description: "Referral rejected",
  },
  statusNow: {
    id: "referral.status.now",
    defaultMessage: "Referral {code}: {status}",
    description: "Referral status heading",
  },
});

const STEPS = ["registered", "verified", "installed", "rewarded"] as const;
const STEP_TEXT = {
  registered: messages.stepRegistered,
  verified: messages.stepVerified,
  installed: messages.stepInstalled,
  rewarded: messages.stepRewarded,
} as const;
const CODE_STATUS_TEXT = {
  active: messages.statusActive,
  expired: messages.statusExpired,
  exhausted: messages.statusExhausted,
} as const;

/** The message key of a referral code the rule refuses; none when valid. */
function codeRefusal(code: string) {
  const result = validate(referralCodeSchema, code);
  return result.success ? undefined : result.errors[0]!.code;
}

const isStatus = (error: unknown, status: number) =>
  isApiError(error, "http") && error.statusCode === status;

function CodeDetails({ info }: { info: ReferralInfo }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const config = useConfig();
  const product = config.products.find((p) => p.key === info.product)?.name ?? info.product;
  return (
    <div className={`referral-card referral-card--${info.status}`} data-testid="referral-info">
      <p className="referral-card__code">{info.code}</p>
      <h3>{intl.formatMessage(messages.referredBy, { name: info.referrerName, product })}</h3>
      <p className="referral-card__reward">
        <strong>{info.reward.title}</strong> {info.reward.description}
      </p>
      <p data-status={info.status}>{intl.formatMessage(CODE_STATUS_TEXT[info.status])}</p>
      {info.validUntil ? (
        <p className="referral-card__meta">
          {intl.formatMessage(messages.validUntil, {
            date: formatDate(info.validUntil, lang),
          })}
        </p>
      ) : null}
      {info.status === "active" ? (
        <Link
          to="/coverage"
          search={{
            referral: info.code,
            ...(info.product === "tv" ? { product: "tv" as const } : {}),
          }}
          className={buttonClassName("primary")}
          data-testid="referral-sign-up"
        >
          {intl.formatMessage(messages.signUp, { product })}
        </Link>
      ) : null}
    </div>
  );
}

function CodeLookup({
  code,
  onCode,
}: {
  code?: string;
  onCode: (code: string | undefined) => void;
}) {
  const intl = useIntl();
  const { lang } = useLanguage();
  // A code the rule refuses (too short, punctuation) is never sent.
  const ruleError = code ? codeRefusal(code) : undefined;
  const query = useQuery({
    ...referralInfoQueryOptions(lang, code ?? ""),
    enabled: !!code && !ruleError,
  });
  const label = intl.formatMessage(messages.code);
  const form = useSchemaForm({
    schema: referralCodeFormSchema,
    language: lang,
    labels: { code: label },
    initialValues: { code: code ?? "" },
    // The URL's code when the rule refuses it: shown on the field until it is edited.
    serverErrors: ruleError ? { code: ruleError } : undefined,
    messages: { code: { "validation.required": intl.formatMessage(messages.codeRequired) } },
    // A code is 6 to 12 letters or digits, so a phone number or a MyKad passes its rule: the
    // address gets it masked (the page then names the rule), never as typed.
    onSubmit: ({ code: next }) =>
      next === code ? void query.refetch() : onCode(maskPersonalData(next)),
  });

  // The URL's code (a shared link, back button) replaces what is typed.
  const [seenCode, setSeenCode] = useState(code);
  if (code !== seenCode) {
    setSeenCode(code);
    form.reset({ code: code ?? "" });
  }
  const language = languageSearchValue(lang);

  return (
    <section className="referral-section" aria-labelledby="referral-info-title">
      <h2 id="referral-info-title">{intl.formatMessage(messages.infoTitle)}</h2>
      {/* A lookup whose code is the page's address (?code=). Without scripts it posts and the
          server answers 303 to ?code= with a well-formed code only (src/server/lookup-forms.ts). */}
      <form {...form.formProps} className="referral-form">
        <ErrorSummary errors={form.summary} />
        <TextField
          {...form.field("code")}
          label={label}
          hint={intl.formatMessage(messages.codeHint)}
          autoCapitalize="characters"
          spellCheck={false}
        />
        {language ? <input type="hidden" name="language" value={language} /> : null}
        <Button type="submit">{intl.formatMessage(messages.showCode)}</Button>
      </form>
      <div aria-live="polite">
        {code && !ruleError && query.isPending ? (
          <LoadingRegion>
            <SkeletonText lines={3} />
          </LoadingRegion>
        ) : null}
        {code && query.isSuccess ? <CodeDetails info={query.data} /> : null}
        {code && query.isError && (isStatus(query.error, 404) || isStatus(query.error, 400)) ? (
          <p className="referral-notice" data-testid="referral-info-missing">
            {isStatus(query.error, 404)
              ? intl.formatMessage(messages.notFound, { code })
              : intl.formatMessage(messages.codeInvalid)}
          </p>
        ) : null}
      </div>
      {code && query.isError && !isStatus(query.error, 404) && !isStatus(query.error, 400) ? (
        <ErrorState
          title={intl.formatMessage(messages.infoError)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
    </section>
  );
}

function StatusResult({ status }: { status: ReferralStatus }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [status]);
  const reached = STEPS.indexOf(status.status as (typeof STEPS)[number]);
  const label =
    status.status === "rejected"
      ? intl.formatMessage(messages.rejected)
      : intl.formatMessage(STEP_TEXT[status.status]);
  return (
    <div className="referral-card" data-testid="referral-status">
      <h3 ref={heading} tabIndex={-1} data-status={status.status}>
        {intl.formatMessage(messages.statusNow, { code: status.referralCode, status: label })}
      </h3>
      {status.status !== "rejected" ? (
        <ol className="referral-steps">
          {STEPS.map((step, i) => {
            const state = i < reached ? "done" : i === reached ? "current" : "todo";
            const stateText = {
              done: messages.stepDone,
              current: messages.stepCurrent,
              todo: messages.stepTodo,
            }[state];
            return (
              <li
                key={step}
                className={`referral-step referral-step--${state}`}
                aria-current={state === "current" ? "step" : undefined}
              >
                <span className="referral-step__name">{intl.formatMessage(STEP_TEXT[step])}</span>
                <span className="referral-step__state">{intl.formatMessage(stateText)}</span>
              </li>
            );
          })}
        </ol>
      ) : null}
      <p className="referral-card__meta">
        {intl.formatMessage(messages.statusUpdated, {
          date: formatDateTime(status.updatedAt, lang),
        })}
      </p>
    </div>
  );
}

function StatusCheck({ initialCode }: { initialCode?: string }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const mutation = useMutation({ mutationFn: checkReferralStatus });
  // The service's 400 names the field it refused.
  const refused = isStatus(mutation.error, 400)
    ? (mutation.error as { error?: { field?: unknown } }).error?.field === "phoneNumber"
      ? { phoneNumber: "validation.mobile.invalid" as const }
      : { referralCode: intl.formatMessage(messages.codeInvalid) }
    : undefined;
  const labels = {
    referralCode: intl.formatMessage(messages.code),
    phoneNumber: intl.formatMessage(messages.phone),
  };
  const form = useSchemaForm({
    schema: referralStatusBodySchema,
    language: lang,
    labels,
    initialValues: { referralCode: initialCode ?? "" },
    serverErrors: refused,
    messages: {
      referralCode: { "validation.required": intl.formatMessage(messages.codeRequired) },
    },
    onInvalid: () => mutation.reset(),
    onSubmit: (body) => mutation.mutateAsync(body).catch(() => undefined),
  });

  // A code looked up above fills an empty code field here.
  const [seenCode, setSeenCode] = useState(initialCode);
  if (initialCode !== seenCode) {
    setSeenCode(initialCode);
    if (initialCode && !form.values.referralCode) form.setValue("referralCode", initialCode);
  }

  return (
    <section className="referral-section" aria-labelledby="referral-status-title">
      <h2 id="referral-status-title">{intl.formatMessage(messages.statusTitle)}</h2>
      <p>{intl.formatMessage(messages.statusLead)}</p>
      <form {...form.formProps} className="referral-form" data-testid="referral-status-form">
        <ErrorSummary errors={form.summary} />
        <TextField
          {...form.field("referralCode")}
          label={labels.referralCode}
          autoCapitalize="characters"
          spellCheck={false}
        />
        <TextField
          {...form.field("phoneNumber")}
          label={labels.phoneNumber}
          hint={intl.formatMessage(messages.phoneHint)}
          type="tel"
        />
        <Button type="submit" disabled={form.submitting}>
          {intl.formatMessage(form.submitting ? messages.checking : messages.checkStatus)}
        </Button>
      </form>
      <div aria-live="polite">
        {mutation.isSuccess ? <StatusResult status={mutation.data} /> : null}
        {mutation.isError && isStatus(mutation.error, 404) ? (
          <p className="referral-notice" data-testid="referral-status-missing">
            {intl.formatMessage(messages.statusNotFound)}
          </p>
        ) : null}
      </div>
      {mutation.isError && !isStatus(mutation.error, 404) && !refused ? (
        <ErrorState
          title={intl.formatMessage(messages.statusError)}
          onRetry={() => form.formProps.onSubmit()}
        >
          <p>{intl.formatMessage(messages.statusErrorBody)}</p>
        </ErrorState>
      ) : null}
    </section>
  );
}

/** Referral info (`?code=`) and the referral status check. */
export function ReferralPage({
  code,
  onCode,
}: {
  code?: string;
  onCode: (code: string | undefined) => void;
}) {
  const intl = useIntl();
  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "referral" });
  return (
    <Container>
      <Crumbs trail={[{ key: "referral", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <div className="referral-layout">
        <CodeLookup code={code} onCode={onCode} />
        <StatusCheck initialCode={code} />
      </div>
    </Container>
  );
}

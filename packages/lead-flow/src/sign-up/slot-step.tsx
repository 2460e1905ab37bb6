"use client";

import { Button, EmptyState, ErrorState, ErrorSummary, SkeletonText } from "@portal/ui";
import { useEffect, useId, useRef, useState } from "react";
import { defineMessages, useIntl, type IntlShape } from "react-intl";
import type { InstallationSlot } from "../types.js";
import { useSignUp } from "./context.js";
import { common } from "./messages.js";
import { dateLocale, formatDay, formatSlot, slotMessages, ZONE } from "./slot-format.js";

const messages = defineMessages({
  intro: {
    id: "signup.slot.intro",
    defaultMessage:
      "Choose the day and time our installer comes. We keep the slot for you for 10 minutes while you finish.",
    description: "Intro of the installation slot step",
  },
  legend: {
    id: "signup.slot.legend",
    defaultMessage: "Installation slot",
    description: "Legend of the list of slots",
  },
  loading: {
    id: "signup.slot.loading",
    defaultMessage: "Finding installation slots near you…",
    description: "Slots being loaded",
  },
  loadFailed: {
    id: "signup.slot.load-failed",
    defaultMessage: "We could not load the installation slots",
    description: "Slots failed to load",
  },
  retry: {
    id: "signup.slot.retry",
    defaultMessage: "Try again",
    description: "Load the slots again",
  },
  emptyTitle: {
    id: "signup.slot.empty.title",
    defaultMessage: "No installation slot in the next days",
    description: "No slot to offer",
  },
  emptyBody: {
    id: "signup.slot.empty.body",
    defaultMessage:
      "Continue with your sign-up: we will call you within 2 working days to book the installation.",
    description: "No slot to offer: what happens",
  },
  taken: {
    id: "signup.slot.taken",
    defaultMessage: "Sorry, that slot was just taken by someone else. Here are the next ones.",
    description: "The chosen slot was taken by another visitor",
  },
  holding: {
    id: "signup.slot.holding",
    defaultMessage: "Keeping this slot for you…",
    description: "A slot is being held",
  },
  held: {
    id: "signup.slot.held",
    defaultMessage: "{slot} is yours until {time}.",
    description: "The slot is held for the visitor until a time",
  },
  left: {
    id: "signup.slot.left",
    defaultMessage: "({count, plural, one {# slot left} other {# slots left}})",
    description: "How many of a window are left (shown when few)",
  },
  windowWithLeft: {
    id: "signup.slot.windowWithLeft",
    defaultMessage: "{window} {left}",
    description: "A window followed by how many are left, e.g. Morning, 09:00–13:00 (1 slot left)",
  },
  required: {
    id: "signup.slot.required",
    defaultMessage: "Choose an installation slot.",
    description: "Continue without a slot",
  },
  continue: {
    id: "signup.slot.continue",
    defaultMessage: "Continue",
    description: "Go on to the review",
  },
});

/** A time of day in Malaysia ("10:10 am", "10:10 PG"). */
function formatTime(intl: IntlShape, iso: string): string {
  return new Intl.DateTimeFormat(dateLocale(intl), { timeStyle: "short", timeZone: ZONE }).format(
    new Date(iso),
  );
}

/** Windows shown with how many are left at or below this. */
const FEW = 3;

/**
 * The installation slot (issue 24): the days and windows the address can book, from real
 * capacity (the flow loads them on entering the step). Picking one holds it for 10 minutes; a
 * slot another visitor took first brings the next ones with a notice. Continue goes to the
 * review with the held slot (or with none when the address has none to offer).
 */
export function SlotStep() {
  const intl = useIntl();
  const { state, flow } = useSignUp();
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [missing, setMissing] = useState(0);
  const { slots, slotHold: hold, slotNotice } = state;
  useEffect(() => {
    if (missing > 0) ref.current?.querySelector<HTMLElement>("[data-error-summary]")?.focus();
  }, [missing]);

  const byDay = new Map<string, InstallationSlot[]>();
  for (const s of slots?.slots ?? []) byDay.set(s.date, [...(byDay.get(s.date) ?? []), s]);
  const none = slots !== undefined && slots.slots.length === 0;
  const firstId = `${id}-first`;
  const holdFailed =
    state.errors.holdSlot && state.errors.holdSlot.code !== "invalid-step" && !slotNotice;

  return (
    <div className="signup-form" ref={ref}>
      <p>{intl.formatMessage(messages.intro)}</p>
      {missing > 0 && !hold && !none ? (
        <ErrorSummary
          data-testid="error-summary"
          errors={[{ id: firstId, message: intl.formatMessage(messages.required) }]}
        />
      ) : null}
      {slotNotice === "taken" ? (
        <p className="signup-alert" role="alert" data-testid="slot-taken">
          {intl.formatMessage(messages.taken)}
        </p>
      ) : null}
      {state.errors.loadSlots && !state.loading.loadSlots ? (
        <ErrorState
          title={intl.formatMessage(messages.loadFailed)}
          onRetry={() => void flow.loadSlots().catch(() => undefined)}
          retryLabel={intl.formatMessage(messages.retry)}
        >
          {intl.formatMessage(common.requestFailed)}
        </ErrorState>
      ) : !slots ? (
        <div aria-busy="true" role="status" aria-label={intl.formatMessage(messages.loading)}>
          <p>{intl.formatMessage(messages.loading)}</p>
          <SkeletonText lines={4} />
        </div>
      ) : none ? (
        <EmptyState title={intl.formatMessage(messages.emptyTitle)}>
          {intl.formatMessage(messages.emptyBody)}
        </EmptyState>
      ) : (
        <fieldset
          className="signup-slots"
          aria-busy={state.loading.holdSlot}
          aria-describedby={missing > 0 && !hold ? `${id}-error` : undefined}
        >
          <legend className="pui-field__label">{intl.formatMessage(messages.legend)}</legend>
          {missing > 0 && !hold ? (
            <p id={`${id}-error`} className="pui-field__error">
              {intl.formatMessage(messages.required)}
            </p>
          ) : null}
          {[...byDay].map(([date, windows], day) => (
            <fieldset className="signup-slots__day" key={date} data-testid="slot-day">
              <legend>{formatDay(intl, date)}</legend>
              <div className="signup-slots__windows">
                {windows.map((w, i) => {
                  const optionId = day === 0 && i === 0 ? firstId : `${id}-${date}-${w.slot}`;
                  const checked = hold?.date === w.date && hold.slot === w.slot;
                  return (
                    <div className="pui-radio signup-slots__option" key={w.slot}>
                      <input
                        type="radio"
                        id={optionId}
                        name="installationSlot"
                        value={`${w.date} ${w.slot}`}
                        checked={checked}
                        onChange={() =>
                          void flow.holdSlot({ date: w.date, slot: w.slot }).catch(() => undefined)
                        }
                      />
                      <label htmlFor={optionId}>
                        {w.remaining <= FEW
                          ? intl.formatMessage(messages.windowWithLeft, {
                              window: intl.formatMessage(slotMessages[w.slot], {
                                from: w.from,
                                to: w.to,
                              }),
                              left: (
                                <span className="signup-slots__left">
                                  {intl.formatMessage(messages.left, { count: w.remaining })}
                                </span>
                              ),
                            })
                          : intl.formatMessage(slotMessages[w.slot], { from: w.from, to: w.to })}
                      </label>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </fieldset>
      )}
      <p role="status" className="signup-slots__status" data-testid="slot-status">
        {state.loading.holdSlot
          ? intl.formatMessage(messages.holding)
          : hold
            ? intl.formatMessage(messages.held, {
                slot: formatSlot(intl, hold),
                time: formatTime(intl, hold.heldUntil),
              })
            : null}
      </p>
      {holdFailed ? (
        <p className="signup-alert" role="alert">
          {intl.formatMessage(common.requestFailed)}
        </p>
      ) : null}
      <div className="signup-actions">
        <Button
          onClick={() => (hold || none ? flow.confirmSlot() : setMissing((n) => n + 1))}
          disabled={state.loading.holdSlot || (!slots && !state.errors.loadSlots)}
        >
          {intl.formatMessage(messages.continue)}
        </Button>
      </div>
    </div>
  );
}

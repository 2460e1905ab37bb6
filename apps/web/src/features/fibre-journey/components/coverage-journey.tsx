// The coverage check's journey code: @portal/lead-flow, the lead rules of @portal/validation
// (valibot) and the parts shown after a search. coverage-page.tsx loads this module on the
// visitor's first interaction with the form, or when the browser is idle after the page loaded,
// so the first paint and hydration need none of it.
import { Link } from "@tanstack/react-router";
import { SIGNUP_STEPS, type Address, type Coverage, type LeadFlow } from "@portal/lead-flow";
import { useLeadFlowState } from "@portal/lead-flow/react";
import { Button, EmptyState, RadioGroup, TextField, buttonClassName } from "@portal/ui";
import {
  formatValidationMessage,
  leadSearchFormSchema,
  type LeadSearchForm,
  type LeadSearchPayload,
  type MessageKey,
  type Product,
} from "@portal/validation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import type { Lang } from "../../../shared/language";
import { getLeadFlow } from "../../../shared/lead-flow";
import { useProductName } from "../../../shared/lead-journey";
import { productSearch } from "../api/journey-product";
import { originOf, originSearch } from "../api/journey-search";
import { filterAddresses, PICKER_PAGE } from "./address-filter";
import { checkFields, focusFirstInvalid, type FieldCodes } from "./journey";
import { journeyMessages } from "./messages";

/** The strings of the parts shown after a search (the form's are in coverage-page.tsx). */
const messages = defineMessages({
  inProgress: {
    id: "fibre.coverage.in-progress",
    defaultMessage: "You have a sign-up in progress.",
    description: "Notice when a saved journey exists",
  },
  resume: {
    id: "fibre.coverage.resume",
    defaultMessage: "Continue where you left off",
    description: "Link back to the saved sign-up step",
  },
  pickHeading: {
    id: "fibre.coverage.pick.heading",
    defaultMessage: "Choose your address",
    description: "Heading of the address picker",
  },
  pickCount: {
    id: "fibre.coverage.pick.count",
    defaultMessage:
      "{count, plural, one {We found {count} address.} other {We found {count} addresses.}} Choose yours, then check coverage.",
    description: "Number of candidate addresses",
  },
  filter: {
    id: "fibre.coverage.pick.filter",
    defaultMessage: "Filter the list",
    description: "Label of the filter-as-you-type field over the found addresses",
  },
  filterHint: {
    id: "fibre.coverage.pick.filter.hint",
    defaultMessage: "Type your house or unit number, street or building",
    description: "Hint of the address filter",
  },
  shown: {
    id: "fibre.coverage.pick.shown",
    defaultMessage:
      "Showing {shown} of {matches} addresses. Type more in the filter to narrow the list.",
    description: "The picker lists only the first addresses of a long list",
  },
  matches: {
    id: "fibre.coverage.pick.matches",
    defaultMessage:
      "{matches, plural, one {{matches} address matches.} other {{matches} addresses match.}}",
    description: "How many found addresses match the filter",
  },
  noMatch: {
    id: "fibre.coverage.pick.no-match",
    defaultMessage: "No address matches “{filter}”. Check it, or clear the filter.",
    description: "The filter matches none of the found addresses",
  },
  pickLegend: {
    id: "fibre.coverage.pick.legend",
    defaultMessage: "Addresses found",
    description: "Legend of the address radio list",
  },
  pickRequired: {
    id: "fibre.coverage.pick.required",
    defaultMessage: "Choose an address from the list.",
    description: "Error when no address is picked",
  },
  check: {
    id: "fibre.coverage.check",
    defaultMessage: "Check coverage",
    description: "Button that checks coverage of the picked address",
  },
  checking: {
    id: "fibre.coverage.checking",
    defaultMessage: "Checking coverage…",
    description: "Coverage check in progress",
  },
  noAddress: {
    id: "fibre.coverage.none",
    defaultMessage: "We could not find that address",
    description: "No candidate address found",
  },
  noAddressBody: {
    id: "fibre.coverage.none.body",
    defaultMessage:
      "Check the postcode and the type of home, or remove some optional details. If your home is new, register your interest and we will contact you.",
    description: "Advice when no address is found",
  },
  coveredTitle: {
    id: "fibre.coverage.covered",
    defaultMessage: "Good news: {product} is available at your address",
    description: "Coverage result: covered",
  },
  notCoveredTitle: {
    id: "fibre.coverage.not-covered",
    defaultMessage: "{product} is not available at your address yet",
    description: "Coverage result: not covered",
  },
  notCoveredBody: {
    id: "fibre.coverage.not-covered.body",
    defaultMessage:
      "Register your interest and we will tell you as soon as fibre reaches your area.",
    description: "Coverage result: not covered, advice",
  },
  platform: {
    id: "fibre.coverage.platform",
    defaultMessage: "Coverage for {product}",
    description: "Heading of the coverage result for a platform",
  },
  network: {
    id: "fibre.coverage.network",
    defaultMessage: "{network}: {technology}, up to {speed} Mbps",
    description: "One fibre network serving the address",
  },
  satellite: {
    id: "tv.address.satellite",
    defaultMessage: "Satellite reception: no cable needed",
    description: "TV coverage result: satellite reaches every home",
  },
  continue: {
    id: "fibre.coverage.continue",
    defaultMessage: "Continue: choose your plan",
    description: "Link from a covered result to the package step",
  },
  registerInterest: {
    id: "fibre.coverage.register-interest",
    defaultMessage: "Register interest",
    description: "Link to the register interest page",
  },
});

// The origin each journey was last begun with (a link's plan, pack and referral code).
const begunWith = new WeakMap<LeadFlow, string>();

/**
 * Begins the journey with what the visitor came with (`OriginSearch` as JSON: the link's plan,
 * pack and referral code, each kept only when well formed), unless it already began with it.
 */
export function beginJourney(flow: LeadFlow, originKey: string): void {
  if (begunWith.get(flow) === originKey) return;
  begunWith.set(flow, originKey);
  flow.begin(originOf(originSearch(JSON.parse(originKey) as Record<string, unknown>)));
}

/**
 * The product's journey (one per product in the browser, see shared/lead-flow.ts), with the saved
 * journey restored (the server rendered none; this runs after hydration) and begun.
 */
export function openJourney(
  product: Product,
  environment: string,
  language: Lang,
  originKey: string,
): LeadFlow {
  const flow = getLeadFlow(product, environment, language);
  flow.restore();
  flow.setLanguage(language);
  beginJourney(flow, originKey);
  return flow;
}

/** The search form as typed: every field a string. */
export type SearchForm = Record<keyof LeadSearchForm, string>;

/**
 * The search form with the search the visitor typed earlier (kept by the flow across a new
 * lead) in every field still empty: what the visitor typed since stays.
 */
export function withSaved(typed: SearchForm, saved: LeadSearchPayload): SearchForm {
  const form = { ...typed };
  for (const [key, value] of Object.entries(saved)) {
    const field = key as keyof SearchForm;
    if (form[field]) continue;
    if (field === "residenceType") form.residenceType = value === 2 ? "multiStorey" : "landed";
    else if (typeof value === "string") form[field] = value;
  }
  return form;
}

/**
 * The address search: checks the form (answers the message key of each invalid field, and sends
 * nothing), then searches; the flow creates the lead (again, if its token was lost). Rejects when
 * a call failed.
 */
export async function submitSearch(flow: LeadFlow, form: SearchForm): Promise<FieldCodes> {
  const input = { ...form, postalCode: form.postalCode.trim() } as LeadSearchForm;
  const found = checkFields(leadSearchFormSchema, input);
  if (Object.keys(found).length === 0) await flow.searchAddress(input);
  return found;
}

/** The text of a validation message key in the visitor's language. */
export function validationText(code: MessageKey, lang: Lang): string {
  return formatValidationMessage(code, lang);
}

export { focusFirstInvalid };

/** The text of a failed journey call. */
export const requestFailedMessage = journeyMessages.requestFailed;

/** "You have a sign-up in progress", with the way back to it (before a search on this page). */
export function SignupInProgress({ flow, product }: { flow: LeadFlow; product: Product }) {
  const intl = useIntl();
  const state = useLeadFlowState(flow);
  if (!state.hasToken || !(SIGNUP_STEPS as readonly string[]).includes(state.step)) return null;
  return (
    <div className="fibre-notice" role="status">
      <p>{intl.formatMessage(messages.inProgress)}</p>
      <Link to="/signup" search={productSearch(product)} className={buttonClassName("secondary")}>
        {intl.formatMessage(messages.resume)}
      </Link>
    </div>
  );
}

/** The coverage of the picked address, with the way on (sign up, or register interest). */
function CoverageResult({ coverage, product }: { coverage: Coverage; product: Product }) {
  const intl = useIntl();
  const name = useProductName(product);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [coverage]);
  const residence = coverage.address?.residenceType === 2 ? "multiStorey" : "landed";
  return (
    <section
      className={`fibre-panel ${coverage.covered ? "fibre-panel--ok" : "fibre-panel--warn"}`}
      aria-labelledby="coverage-result"
      data-testid="coverage-result"
    >
      <p className="fibre-panel__eyebrow">
        {intl.formatMessage(messages.platform, { product: name })}
      </p>
      <h2 id="coverage-result" ref={headingRef} tabIndex={-1}>
        {intl.formatMessage(coverage.covered ? messages.coveredTitle : messages.notCoveredTitle, {
          product: name,
        })}
      </h2>
      {coverage.address ? <p className="fibre-address">{coverage.address.formatted}</p> : null}
      {coverage.covered ? (
        <>
          <ul className="fibre-networks">
            {product === "tv" ? <li>{intl.formatMessage(messages.satellite)}</li> : null}
            {coverage.networks.map((n) => (
              <li key={`${n.network}-${n.technology}`}>
                {intl.formatMessage(messages.network, {
                  network: n.network,
                  technology: n.technology,
                  speed: n.maxSpeedMbps,
                })}
              </li>
            ))}
          </ul>
          <Link to="/signup" search={productSearch(product)} className={buttonClassName("primary")}>
            {intl.formatMessage(messages.continue)}
          </Link>
        </>
      ) : (
        <>
          <p>{intl.formatMessage(messages.notCoveredBody)}</p>
          <Link
            to="/register-interest"
            search={{
              postcode: coverage.address?.postalCode,
              residence,
              ...productSearch(product),
            }}
            className={buttonClassName("primary")}
          >
            {intl.formatMessage(messages.registerInterest)}
          </Link>
        </>
      )}
    </section>
  );
}

/** The found addresses, a filter as you type, and the coverage check of the picked one. */
function AddressPicker({
  flow,
  addresses,
  round,
  onCheck,
}: {
  flow: LeadFlow;
  addresses: readonly Address[];
  round: number;
  onCheck: (address: Address) => void;
}) {
  const intl = useIntl();
  const busy = useLeadFlowState(flow, (state) => state.loading.selectAddress);
  const [picked, setPicked] = useState("");
  const [filter, setFilter] = useState("");
  const [pickError, setPickError] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listId = useId();
  // The heading takes focus after the render that shows a new list.
  useEffect(() => {
    if (round > 0) headingRef.current?.focus();
  }, [round]);
  const matches = filterAddresses(addresses, filter);
  const shown = matches.slice(0, PICKER_PAGE);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = addresses.find((a) => a.addressId === picked);
    if (!address) return setPickError(true);
    setPickError(false);
    onCheck(address);
  }

  return (
    <form className="fibre-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <h2 ref={headingRef} tabIndex={-1}>
        {intl.formatMessage(messages.pickHeading)}
      </h2>
      <p>{intl.formatMessage(messages.pickCount, { count: addresses.length })}</p>
      {addresses.length > 1 ? (
        <TextField
          label={intl.formatMessage(messages.filter)}
          hint={intl.formatMessage(messages.filterHint)}
          name="addressFilter"
          type="search"
          autoComplete="off"
          maxLength={100}
          value={filter}
          aria-controls={listId}
          onChange={(event) => {
            const next = event.target.value;
            setFilter(next);
            if (!filterAddresses(addresses, next).some((a) => a.addressId === picked)) {
              setPicked("");
            }
          }}
        />
      ) : null}
      <p className="pui-field__hint" aria-live="polite" data-testid="address-matches">
        {matches.length === 0
          ? intl.formatMessage(messages.noMatch, { filter: filter.trim() })
          : shown.length < matches.length
            ? intl.formatMessage(messages.shown, {
                shown: shown.length,
                matches: matches.length,
              })
            : filter.trim()
              ? intl.formatMessage(messages.matches, { matches: matches.length })
              : ""}
      </p>
      <div id={listId} className="fibre-picker">
        {shown.length > 0 ? (
          <RadioGroup
            label={intl.formatMessage(messages.pickLegend)}
            name="address"
            required
            value={picked}
            error={pickError ? intl.formatMessage(messages.pickRequired) : undefined}
            onChange={(value) => {
              setPicked(value);
              setPickError(false);
            }}
            options={shown.map((a) => ({ value: a.addressId, label: a.formatted }))}
          />
        ) : null}
      </div>
      <Button type="submit" disabled={busy}>
        {intl.formatMessage(busy ? messages.checking : messages.check)}
      </Button>
    </form>
  );
}

/**
 * What follows a search: no address found (with register interest), or the picker of the found
 * addresses and the coverage of the picked one.
 */
export function CoverageOutcome({
  flow,
  product,
  round,
  postcode,
  residence,
  busy,
  onFailure,
}: {
  flow: LeadFlow;
  product: Product;
  /** Searches done on this page (0: none yet); a new one shows a new picker. */
  round: number;
  postcode: string;
  residence: string;
  busy: boolean;
  onFailure: (failed: boolean) => void;
}) {
  const intl = useIntl();
  const addresses = useLeadFlowState(flow, (state) => state.addresses);
  const checking = useLeadFlowState(flow, (state) => state.loading.selectAddress);
  const [checked, setChecked] = useState<{ round: number; coverage: Coverage }>();

  async function onCheck(address: Address) {
    onFailure(false);
    try {
      setChecked({ round, coverage: await flow.selectAddress(address) });
    } catch {
      onFailure(true);
    }
  }

  if (round === 0) return null;
  return (
    <>
      {addresses.length === 0 && !busy ? (
        <EmptyState
          title={intl.formatMessage(messages.noAddress)}
          action={
            <Link
              to="/register-interest"
              search={{
                postcode,
                residence:
                  residence === "landed" || residence === "multiStorey" ? residence : undefined,
                ...productSearch(product),
              }}
              className={buttonClassName("secondary")}
            >
              {intl.formatMessage(messages.registerInterest)}
            </Link>
          }
        >
          <p>{intl.formatMessage(messages.noAddressBody)}</p>
        </EmptyState>
      ) : null}

      {addresses.length > 0 ? (
        <AddressPicker
          key={round}
          flow={flow}
          addresses={addresses}
          round={round}
          onCheck={onCheck}
        />
      ) : null}

      {checked && checked.round === round && !checking ? (
        <CoverageResult coverage={checked.coverage} product={product} />
      ) : null}
    </>
  );
}

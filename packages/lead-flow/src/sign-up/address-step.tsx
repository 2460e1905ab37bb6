"use client";

import {
  Button,
  EmptyState,
  ErrorSummary,
  RadioGroup,
  SelectField,
  TextField,
  buttonClassName,
} from "@portal/ui";
import { STATES, STATE_NAMES, leadSearchFormSchema } from "@portal/validation";
import { useSchemaForm } from "@portal/validation/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import { SIGNUP_STEPS } from "../state.js";
import type { Address } from "../types.js";
import { filterAddresses, PICKER_PAGE } from "./address-filter.js";
import { PlaceLink, useSignUp } from "./context.js";
import { common } from "./messages.js";

const messages = defineMessages({
  formHeading: {
    id: "signup.address.heading",
    defaultMessage: "Your address",
    description: "Heading of the address search form",
  },
  postcode: {
    id: "signup.address.postcode",
    defaultMessage: "Postcode",
    description: "Label of the postcode field",
  },
  postcodeHint: {
    id: "signup.address.postcode.hint",
    defaultMessage: "5 digits, for example 47301",
    description: "Hint under the postcode field",
  },
  residenceType: {
    id: "signup.address.residence",
    defaultMessage: "Type of home",
    description: "Legend of the residence type choice",
  },
  landed: {
    id: "signup.address.residence.landed",
    defaultMessage: "Landed (house, terrace, bungalow)",
    description: "Residence type: landed",
  },
  multiStorey: {
    id: "signup.address.residence.multi-storey",
    defaultMessage: "Multi-storey (flat, apartment, condominium)",
    description: "Residence type: multi-storey",
  },
  optionalHeading: {
    id: "signup.address.optional",
    defaultMessage: "More details (optional)",
    description: "Legend of the optional address fields",
  },
  optionalHint: {
    id: "signup.address.optional.hint",
    defaultMessage: "Add any of these to narrow the list of addresses.",
    description: "Hint of the optional address fields",
  },
  streetType: {
    id: "signup.address.street-type",
    defaultMessage: "Street type",
    description: "Label: street type (Jalan, Lorong...)",
  },
  streetTypeHint: {
    id: "signup.address.street-type.hint",
    defaultMessage: "For example Jalan, Lorong or Persiaran",
    description: "Hint of the street type field",
  },
  streetName: {
    id: "signup.address.street-name",
    defaultMessage: "Street name",
    description: "Label: street name",
  },
  houseNumber: {
    id: "signup.address.house-number",
    defaultMessage: "House or unit number",
    description: "Label: house number",
  },
  buildingName: {
    id: "signup.address.building-name",
    defaultMessage: "Building name",
    description: "Label: building name",
  },
  area: {
    id: "signup.address.area",
    defaultMessage: "Area (taman)",
    description: "Label: area or neighbourhood",
  },
  city: { id: "signup.address.city", defaultMessage: "City", description: "Label: city" },
  state: { id: "signup.address.state", defaultMessage: "State", description: "Label: state" },
  stateAny: {
    id: "signup.address.state.any",
    defaultMessage: "Any state",
    description: "Empty option of the state picker",
  },
  search: {
    id: "signup.address.search",
    defaultMessage: "Find my address",
    description: "Submit button of the address search",
  },
  searching: {
    id: "signup.address.searching",
    defaultMessage: "Searching…",
    description: "Address search in progress",
  },
  inProgress: {
    id: "signup.address.in-progress",
    defaultMessage: "You have a sign-up in progress.",
    description: "Notice when a saved journey exists",
  },
  resume: {
    id: "signup.address.resume",
    defaultMessage: "Continue where you left off",
    description: "Link back to the saved sign-up step",
  },
  pickHeading: {
    id: "signup.address.pick.heading",
    defaultMessage: "Choose your address",
    description: "Heading of the address picker",
  },
  pickCount: {
    id: "signup.address.pick.count",
    defaultMessage:
      "{count, plural, one {We found {count} address.} other {We found {count} addresses.}} Choose yours, then check coverage.",
    description: "Number of candidate addresses",
  },
  filter: {
    id: "signup.address.pick.filter",
    defaultMessage: "Filter the list",
    description: "Label of the filter-as-you-type field over the found addresses",
  },
  filterHint: {
    id: "signup.address.pick.filter.hint",
    defaultMessage: "Type your house or unit number, street or building",
    description: "Hint of the address filter",
  },
  shown: {
    id: "signup.address.pick.shown",
    defaultMessage:
      "Showing {shown} of {matches} addresses. Type more in the filter to narrow the list.",
    description: "The picker lists only the first addresses of a long list",
  },
  matches: {
    id: "signup.address.pick.matches",
    defaultMessage:
      "{matches, plural, one {{matches} address matches.} other {{matches} addresses match.}}",
    description: "How many found addresses match the filter",
  },
  noMatch: {
    id: "signup.address.pick.no-match",
    defaultMessage: "No address matches “{filter}”. Check it, or clear the filter.",
    description: "The filter matches none of the found addresses",
  },
  pickLegend: {
    id: "signup.address.pick.legend",
    defaultMessage: "Addresses found",
    description: "Legend of the address radio list",
  },
  pickRequired: {
    id: "signup.address.pick.required",
    defaultMessage: "Choose an address from the list.",
    description: "Error when no address is picked",
  },
  check: {
    id: "signup.address.check",
    defaultMessage: "Check coverage",
    description: "Button that checks coverage of the picked address",
  },
  checking: {
    id: "signup.address.checking",
    defaultMessage: "Checking coverage…",
    description: "Coverage check in progress",
  },
  noAddress: {
    id: "signup.address.none",
    defaultMessage: "We could not find that address",
    description: "No candidate address found",
  },
  noAddressBody: {
    id: "signup.address.none.body",
    defaultMessage:
      "Check the postcode and the type of home, or remove some optional details. If your home is new, register your interest and we will contact you.",
    description: "Advice when no address is found",
  },
  coveredTitle: {
    id: "signup.coverage.covered",
    defaultMessage: "Good news: {product} is available at your address",
    description: "Coverage result: covered",
  },
  notCoveredTitle: {
    id: "signup.coverage.not-covered",
    defaultMessage: "{product} is not available at your address yet",
    description: "Coverage result: not covered",
  },
  notCoveredBody: {
    id: "signup.coverage.not-covered.body",
    defaultMessage:
      "Register your interest and we will tell you as soon as fibre reaches your area.",
    description: "Coverage result: not covered, advice",
  },
  platform: {
    id: "signup.coverage.platform",
    defaultMessage: "Coverage for {product}",
    description: "Heading of the coverage result for a platform",
  },
  network: {
    id: "signup.coverage.network",
    defaultMessage: "{network}: {technology}, up to {speed} Mbps",
    description: "One fibre network serving the address",
  },
  satellite: {
    id: "signup.coverage.satellite",
    defaultMessage: "Satellite reception: no cable needed",
    description: "TV coverage result: satellite reaches every home",
  },
  continue: {
    id: "signup.coverage.continue",
    defaultMessage: "Continue: choose your plan",
    description: "Link from a covered result to the plan step",
  },
  tvTitle: {
    id: "signup.coverage.tv.title",
    defaultMessage: "{product} reaches every home",
    description: "Where fibre does not reach: the TV offer's heading (product: Suria TV)",
  },
  tvBody: {
    id: "signup.coverage.tv.body",
    defaultMessage:
      "Satellite TV needs no cable in the street: {product} can be installed at this address today.",
    description: "Where fibre does not reach: why Suria TV can be installed",
  },
  tvLink: {
    id: "signup.coverage.tv.link",
    defaultMessage: "Sign up for {product}",
    description: "Link to the Suria TV sign-up from a fibre address that is not covered",
  },
});

/** "You have a sign-up in progress", with the way back to it. */
export function SignUpInProgress() {
  const intl = useIntl();
  const { state } = useSignUp();
  if (!state.hasToken || !(SIGNUP_STEPS as readonly string[]).includes(state.step)) return null;
  return (
    <div className="signup-notice" role="status" data-testid="signup-in-progress">
      <p>{intl.formatMessage(messages.inProgress)}</p>
      <PlaceLink place="signup" className={buttonClassName("secondary")}>
        {intl.formatMessage(messages.resume)}
      </PlaceLink>
    </div>
  );
}

/** Props of AddressSearch. */
export interface AddressSearchProps {
  /** Called after a search answered (the picker shows the addresses). */
  onSearched?(): void;
}

/**
 * The address search: postcode, type of home and optional street fields, as the visitor types
 * them into the flow's draft (`drafts.search`); the search creates the lead when there is none.
 */
export function AddressSearch({ onSearched }: AddressSearchProps) {
  const intl = useIntl();
  const headingId = useId();
  const { flow, state, language } = useSignUp();
  const optional = [
    ["houseNumber", messages.houseNumber, undefined],
    ["buildingName", messages.buildingName, undefined],
    ["streetType", messages.streetType, messages.streetTypeHint],
    ["streetName", messages.streetName, undefined],
    ["area", messages.area, undefined],
    ["city", messages.city, undefined],
  ] as const;
  const form = useSchemaForm({
    schema: leadSearchFormSchema,
    language,
    values: state.drafts.search,
    onValuesChange: (values) => flow.edit("search", values),
    labels: {
      postalCode: intl.formatMessage(messages.postcode),
      residenceType: intl.formatMessage(messages.residenceType),
      ...Object.fromEntries(optional.map(([key, label]) => [key, intl.formatMessage(label)])),
      state: intl.formatMessage(messages.state),
    },
    onSubmit: async () => {
      try {
        await flow.searchAddress();
        onSearched?.();
      } catch {
        // The failure is in state.errors.searchAddress, where AddressStep shows it.
      }
    },
  });
  const busy = form.submitting || state.loading.generateLead || state.loading.searchAddress;
  return (
    <form
      {...form.formProps}
      className="signup-form"
      aria-labelledby={headingId}
      aria-busy={busy}
      data-testid="address-search"
    >
      <h2 id={headingId}>{intl.formatMessage(messages.formHeading)}</h2>
      <ErrorSummary errors={form.summary} data-testid="error-summary" />
      <TextField
        {...form.field("postalCode")}
        label={intl.formatMessage(messages.postcode)}
        hint={intl.formatMessage(messages.postcodeHint)}
        className="signup-field--short"
      />
      <RadioGroup
        {...form.field("residenceType")}
        label={intl.formatMessage(messages.residenceType)}
        options={[
          { value: "landed", label: intl.formatMessage(messages.landed) },
          { value: "multiStorey", label: intl.formatMessage(messages.multiStorey) },
        ]}
      />
      <fieldset className="signup-fieldset">
        <legend>{intl.formatMessage(messages.optionalHeading)}</legend>
        <p className="pui-field__hint">{intl.formatMessage(messages.optionalHint)}</p>
        <div className="signup-grid">
          {optional.map(([key, label, hint]) => (
            <TextField
              key={key}
              {...form.field(key)}
              label={intl.formatMessage(label)}
              hint={hint ? intl.formatMessage(hint) : undefined}
            />
          ))}
          <SelectField
            {...form.field("state")}
            label={intl.formatMessage(messages.state)}
            placeholder={intl.formatMessage(messages.stateAny)}
            options={STATES.map((value) => ({ value, label: STATE_NAMES[value] }))}
          />
        </div>
      </fieldset>
      <Button type="submit" disabled={busy}>
        {intl.formatMessage(busy ? messages.searching : messages.search)}
      </Button>
    </form>
  );
}

/** Props of AddressPicker. */
export interface AddressPickerProps {
  /** Called once the picked address's coverage is known. */
  onChecked?(): void;
}

/**
 * The addresses the search found, a filter as the visitor types (the first 20 listed), and the
 * coverage check of the picked one (recorded on the lead when covered). Its heading takes focus
 * when it appears.
 */
export function AddressPicker({ onChecked }: AddressPickerProps) {
  const intl = useIntl();
  const { flow, state } = useSignUp();
  const addresses = state.addresses;
  const busy = state.loading.selectAddress;
  const [picked, setPicked] = useState("");
  const [filter, setFilter] = useState("");
  const [missing, setMissing] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const listId = useId();
  const groupId = useId();
  // A new list (this picker appears once per search): its heading takes focus.
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (missing > 0) formRef.current?.querySelector<HTMLElement>("[data-error-summary]")?.focus();
  }, [missing]);
  const matches = filterAddresses(addresses, filter);
  const shown = matches.slice(0, PICKER_PAGE);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = addresses.find((a: Address) => a.addressId === picked);
    if (!address) return setMissing((n) => n + 1);
    setMissing(0);
    try {
      await flow.selectAddress(address);
      onChecked?.();
    } catch {
      // Shown from state.errors.selectAddress by AddressStep.
    }
  }

  const required = intl.formatMessage(messages.pickRequired);
  return (
    <form
      ref={formRef}
      method="post"
      className="signup-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
    >
      <h2 ref={headingRef} tabIndex={-1}>
        {intl.formatMessage(messages.pickHeading)}
      </h2>
      <p>{intl.formatMessage(messages.pickCount, { count: addresses.length })}</p>
      {missing > 0 ? (
        <ErrorSummary errors={[{ id: groupId, message: required }]} data-testid="error-summary" />
      ) : null}
      {addresses.length > 1 ? (
        <TextField
          label={intl.formatMessage(messages.filter)}
          hint={intl.formatMessage(messages.filterHint)}
          name="addressFilter"
          type="search"
          autoComplete="off"
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
            ? intl.formatMessage(messages.shown, { shown: shown.length, matches: matches.length })
            : filter.trim()
              ? intl.formatMessage(messages.matches, { matches: matches.length })
              : ""}
      </p>
      <div id={listId} className="signup-picker">
        {shown.length > 0 ? (
          <RadioGroup
            id={groupId}
            label={intl.formatMessage(messages.pickLegend)}
            name="address"
            required
            value={picked}
            error={missing > 0 && !picked ? required : undefined}
            onChange={(value) => {
              setPicked(value);
              setMissing(0);
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
 * The coverage of the picked address: covered, with the networks and the way on to the plan;
 * not covered, with register interest and, for fibre, Suria TV (satellite reaches every home).
 */
export function CoverageResult() {
  const intl = useIntl();
  const { state, productName, product } = useSignUp();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const coverage = state.coverage;
  useEffect(() => headingRef.current?.focus(), [coverage]);
  if (!coverage) return null;
  const tvName = intl.formatMessage(common.tvName);
  return (
    <section
      className={`signup-panel ${coverage.covered ? "signup-panel--ok" : "signup-panel--warn"}`}
      aria-labelledby="signup-coverage-result"
      data-testid="coverage-result"
    >
      <p className="signup-panel__eyebrow">
        {intl.formatMessage(messages.platform, { product: productName })}
      </p>
      <h2 id="signup-coverage-result" ref={headingRef} tabIndex={-1}>
        {intl.formatMessage(coverage.covered ? messages.coveredTitle : messages.notCoveredTitle, {
          product: productName,
        })}
      </h2>
      {coverage.address ? <p className="signup-address">{coverage.address.formatted}</p> : null}
      {coverage.covered ? (
        <>
          <ul className="signup-networks">
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
          <PlaceLink place="signup" className={buttonClassName("primary")}>
            {intl.formatMessage(messages.continue)}
          </PlaceLink>
        </>
      ) : (
        <>
          <p>{intl.formatMessage(messages.notCoveredBody)}</p>
          <PlaceLink place="interest" className={buttonClassName("primary")}>
            {intl.formatMessage(common.registerInterest)}
          </PlaceLink>
          {product === "fibre" ? (
            <div className="signup-offer" data-testid="tv-offer">
              <h3>{intl.formatMessage(messages.tvTitle, { product: tvName })}</h3>
              <p>{intl.formatMessage(messages.tvBody, { product: tvName })}</p>
              <PlaceLink place="tvSignUp" className={buttonClassName("secondary")}>
                {intl.formatMessage(messages.tvLink, { product: tvName })}
              </PlaceLink>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * The address step: the search, then the picker of the addresses found (or "not found", with
 * register interest), then the coverage of the picked one. The picker and the result show what
 * this view searched and checked; a saved journey shows "You have a sign-up in progress".
 */
export function AddressStep() {
  const intl = useIntl();
  const { flow, state } = useSignUp();
  const [round, setRound] = useState(0);
  const [checked, setChecked] = useState(0);
  const [attempted, setAttempted] = useState(false);
  const failure = (["generateLead", "searchAddress", "selectAddress"] as const)
    .map((operation) => state.errors[operation])
    .find((error) => error && error.code !== "invalid-input");
  const busy = state.loading.searchAddress || state.loading.generateLead;
  const { search } = state.drafts;

  return (
    <div className="signup-view" onSubmitCapture={() => setAttempted(true)}>
      {round === 0 ? <SignUpInProgress /> : null}
      <AddressSearch onSearched={() => setRound((n) => n + 1)} />
      <div aria-live="polite" className="signup-live">
        {attempted && failure ? (
          <div className="signup-alert" role="alert">
            <p>{intl.formatMessage(common.requestFailed)}</p>
          </div>
        ) : null}
      </div>
      {round > 0 && state.addresses.length === 0 && !busy ? (
        <EmptyState
          title={intl.formatMessage(messages.noAddress)}
          action={
            <PlaceLink
              place="interest"
              className={buttonClassName("secondary")}
              // The register-interest form starts with the postcode and home type searched.
              onFollow={() => {
                const interest = state.drafts.interest;
                flow.edit("interest", {
                  postalCode: interest.postalCode || search.postalCode.trim(),
                  residenceType: interest.residenceType || search.residenceType,
                });
              }}
            >
              {intl.formatMessage(common.registerInterest)}
            </PlaceLink>
          }
        >
          <p>{intl.formatMessage(messages.noAddressBody)}</p>
        </EmptyState>
      ) : null}
      {round > 0 && state.addresses.length > 0 ? (
        <AddressPicker key={round} onChecked={() => setChecked(round)} />
      ) : null}
      {round > 0 && checked === round && !state.loading.selectAddress ? <CoverageResult /> : null}
    </div>
  );
}

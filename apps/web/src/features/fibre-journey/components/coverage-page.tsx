import { Link } from "@tanstack/react-router";
import { SIGNUP_STEPS, type Address, type Coverage, type JourneyOrigin } from "@portal/lead-flow";
import {
  Button,
  Container,
  EmptyState,
  PageHeader,
  RadioGroup,
  SelectField,
  TextField,
  buttonClassName,
} from "@portal/ui";
import {
  STATES,
  STATE_NAMES,
  STREET_FIELD_MAX_LENGTH,
  leadSearchFormSchema,
  type LeadSearchForm,
  type LeadSearchPayload,
  type Product,
} from "@portal/validation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { filterAddresses, PICKER_PAGE } from "./address-filter";
import { LeadJourney, useJourney, useProductName } from "../../../shared/lead-journey";
import "./fibre-journey.css";
import { checkFields, focusFirstInvalid, useValidationText, type FieldCodes } from "./journey";
import { productSearch } from "../api/journey-product";
import { journeyMessages } from "./messages";
import { coveragePageMessages } from "../messages";

const messages = {
  ...coveragePageMessages,
  ...defineMessages({
    formHeading: {
      id: "fibre.coverage.form.heading",
      defaultMessage: "Your address",
      description: "Heading of the address search form",
    },
    postcode: {
      id: "fibre.coverage.postcode",
      defaultMessage: "Postcode",
      description: "Label of the postcode field",
    },
    postcodeHint: {
      id: "fibre.coverage.postcode.hint",
      defaultMessage: "5 digits, for example 47301",
      description: "Hint under the postcode field",
    },
    residenceType: {
      id: "fibre.coverage.residence",
      defaultMessage: "Type of home",
      description: "Legend of the residence type choice",
    },
    landed: {
      id: "fibre.coverage.residence.landed",
      defaultMessage: "Landed (house, terrace, bungalow)",
      description: "Residence type: landed",
    },
    multiStorey: {
      id: "fibre.coverage.residence.multi-storey",
      defaultMessage: "Multi-storey (flat, apartment, condominium)",
      description: "Residence type: multi-storey",
    },
    optionalHeading: {
      id: "fibre.coverage.optional",
      defaultMessage: "More details (optional)",
      description: "Legend of the optional address fields",
    },
    optionalHint: {
      id: "fibre.coverage.optional.hint",
      defaultMessage: "Add any of these to narrow the list of addresses.",
      description: "Hint of the optional address fields",
    },
    streetType: {
      id: "fibre.coverage.street-type",
      defaultMessage: "Street type",
      description: "Label: street type (Jalan, Lorong...)",
    },
    streetTypeHint: {
      id: "fibre.coverage.street-type.hint",
      defaultMessage: "For example Jalan, Lorong or Persiaran",
      description: "Hint of the street type field",
    },
    streetName: {
      id: "fibre.coverage.street-name",
      defaultMessage: "Street name",
      description: "Label: street name",
    },
    houseNumber: {
      id: "fibre.coverage.house-number",
      defaultMessage: "House or unit number",
      description: "Label: house number",
    },
    buildingName: {
      id: "fibre.coverage.building-name",
      defaultMessage: "Building name",
      description: "Label: building name",
    },
    area: {
      id: "fibre.coverage.area",
      defaultMessage: "Area (taman)",
      description: "Label: area or neighbourhood",
    },
    city: { id: "fibre.coverage.city", defaultMessage: "City", description: "Label: city" },
    state: { id: "fibre.coverage.state", defaultMessage: "State", description: "Label: state" },
    stateAny: {
      id: "fibre.coverage.state.any",
      defaultMessage: "Any state",
      description: "Empty option of the state picker",
    },
    search: {
      id: "fibre.coverage.search",
      defaultMessage: "Find my address",
      description: "Submit button of the address search",
    },
    searching: {
      id: "fibre.coverage.searching",
      defaultMessage: "Searching…",
      description: "Address search in progress",
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
  }),
};

type SearchForm = Record<keyof LeadSearchForm, string>;

const emptyForm: SearchForm = {
  postalCode: "",
  residenceType: "",
  streetType: "",
  streetName: "",
  houseNumber: "",
  buildingName: "",
  area: "",
  city: "",
  state: "",
};

/** The search form as the visitor typed it (kept by the flow across a new lead). */
function formOf(payload: LeadSearchPayload): SearchForm {
  const form = { ...emptyForm };
  for (const [key, value] of Object.entries(payload)) {
    if (key === "residenceType") form.residenceType = value === 2 ? "multiStorey" : "landed";
    else if (typeof value === "string") form[key as keyof SearchForm] = value;
  }
  return form;
}

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
  addresses,
  round,
  onCheck,
}: {
  addresses: readonly Address[];
  round: number;
  onCheck: (address: Address) => void;
}) {
  const intl = useIntl();
  const { state } = useJourney();
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
  const busy = state.loading.selectAddress;

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

function CoverageJourney({
  product,
  origin,
  initialPostcode,
}: {
  product: Product;
  origin: JourneyOrigin;
  initialPostcode?: string;
}) {
  const intl = useIntl();
  const text = useValidationText();
  const { state, flow } = useJourney();
  // The search the visitor typed earlier comes back (the journey may already be restored when
  // the page opens, e.g. after "Start again"); a link's postcode wins.
  const [form, setForm] = useState<SearchForm>(() =>
    state.searchPayload && !initialPostcode
      ? formOf(state.searchPayload)
      : { ...emptyForm, postalCode: initialPostcode ?? "" },
  );
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<FieldCodes>({});
  const [round, setRound] = useState(0);
  const [checked, setChecked] = useState<Coverage>();
  const [failure, setFailure] = useState<"search" | "coverage">();
  const formRef = useRef<HTMLFormElement>(null);

  // What the visitor came with (a plan, packs, a referral code) travels with the journey.
  const originKey = JSON.stringify(origin);
  useEffect(() => {
    if (state.restored) flow.begin(JSON.parse(originKey) as JourneyOrigin);
  }, [flow, originKey, state.restored]);
  // A journey started earlier brings back the search the visitor typed (adjusted while
  // rendering: the saved journey arrives after the first render).
  const saved = state.searchPayload;
  const [seenSaved, setSeenSaved] = useState(saved);
  if (saved !== seenSaved) {
    setSeenSaved(saved);
    if (saved && !touched && !initialPostcode) setForm(formOf(saved));
  }

  const busy = state.loading.generateLead || state.loading.searchAddress;
  const set = (key: keyof SearchForm) => (value: string) => {
    setTouched(true);
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    const input = { ...form, postalCode: form.postalCode.trim() } as LeadSearchForm;
    const found = checkFields(leadSearchFormSchema, input);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setFailure(undefined);
    setChecked(undefined);
    try {
      // The flow creates the lead (again, if its token was lost) and searches.
      await flow.searchAddress(input);
      setRound((n) => n + 1);
    } catch {
      setFailure("search");
    }
  }

  async function onCheck(address: Address) {
    setFailure(undefined);
    try {
      setChecked(await flow.selectAddress(address));
    } catch {
      setFailure("coverage");
    }
  }

  const searched = round > 0;
  const inProgress =
    state.hasToken && !searched && (SIGNUP_STEPS as readonly string[]).includes(state.step);

  return (
    <>
      {inProgress ? (
        <div className="fibre-notice" role="status">
          <p>{intl.formatMessage(messages.inProgress)}</p>
          <Link
            to="/signup"
            search={productSearch(product)}
            className={buttonClassName("secondary")}
          >
            {intl.formatMessage(messages.resume)}
          </Link>
        </div>
      ) : null}
      <form ref={formRef} className="fibre-form" noValidate onSubmit={onSearch}>
        <h2>{intl.formatMessage(messages.formHeading)}</h2>
        <TextField
          label={intl.formatMessage(messages.postcode)}
          hint={intl.formatMessage(messages.postcodeHint)}
          name="postalCode"
          required
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={form.postalCode}
          error={text(errors.postalCode)}
          onChange={(e) => set("postalCode")(e.target.value)}
          className="fibre-field--short"
        />
        <RadioGroup
          label={intl.formatMessage(messages.residenceType)}
          name="residenceType"
          required
          value={form.residenceType}
          error={text(errors.residenceType)}
          onChange={set("residenceType")}
          options={[
            { value: "landed", label: intl.formatMessage(messages.landed) },
            { value: "multiStorey", label: intl.formatMessage(messages.multiStorey) },
          ]}
        />
        <fieldset className="fibre-fieldset">
          <legend>{intl.formatMessage(messages.optionalHeading)}</legend>
          <p className="pui-field__hint">{intl.formatMessage(messages.optionalHint)}</p>
          <div className="fibre-grid">
            {(
              [
                ["houseNumber", messages.houseNumber, undefined],
                ["buildingName", messages.buildingName, undefined],
                ["streetType", messages.streetType, messages.streetTypeHint],
                ["streetName", messages.streetName, undefined],
                ["area", messages.area, undefined],
                ["city", messages.city, undefined],
              ] as const
            ).map(([key, label, hint]) => (
              <TextField
                key={key}
                name={key}
                label={intl.formatMessage(label)}
                hint={hint ? intl.formatMessage(hint) : undefined}
                maxLength={STREET_FIELD_MAX_LENGTH[key]}
                autoComplete={key === "city" ? "address-level2" : "off"}
                value={form[key]}
                error={text(errors[key])}
                onChange={(e) => set(key)(e.target.value)}
              />
            ))}
            <SelectField
              name="state"
              label={intl.formatMessage(messages.state)}
              placeholder={intl.formatMessage(messages.stateAny)}
              value={form.state}
              error={text(errors.state)}
              onChange={(e) => set("state")(e.target.value)}
              options={STATES.map((value) => ({ value, label: STATE_NAMES[value] }))}
            />
          </div>
        </fieldset>
        <Button type="submit" disabled={busy} aria-disabled={busy}>
          {intl.formatMessage(busy ? messages.searching : messages.search)}
        </Button>
      </form>

      <div aria-live="polite" className="fibre-live">
        {failure ? (
          <div className="fibre-alert" role="alert">
            <p>{intl.formatMessage(journeyMessages.requestFailed)}</p>
          </div>
        ) : null}
      </div>

      {searched && state.addresses.length === 0 && !busy ? (
        <EmptyState
          title={intl.formatMessage(messages.noAddress)}
          action={
            <Link
              to="/register-interest"
              search={{
                postcode: form.postalCode,
                residence:
                  form.residenceType === "landed" || form.residenceType === "multiStorey"
                    ? form.residenceType
                    : undefined,
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

      {searched && state.addresses.length > 0 ? (
        <AddressPicker key={round} addresses={state.addresses} round={round} onCheck={onCheck} />
      ) : null}

      {checked && !state.loading.selectAddress ? (
        <CoverageResult coverage={checked} product={product} />
      ) : null}
    </>
  );
}

/**
 * The address step of a sign-up: search, a picker of candidate addresses with a filter, and the
 * coverage of the picked one (recorded on the lead when covered). `origin` is what the visitor
 * came with (a campaign's plan, a pack page's pack, a referral link's code).
 */
export function CoveragePage({
  product,
  origin,
  postcode,
}: {
  product: Product;
  origin: JourneyOrigin;
  postcode?: string;
}) {
  const intl = useIntl();
  const title = intl.formatMessage(product === "tv" ? messages.tvTitle : messages.title);
  const lead = intl.formatMessage(product === "tv" ? messages.tvLead : messages.lead);
  usePageAnalytics({ pageType: "fibre_coverage", product });
  return (
    <Container>
      <Crumbs trail={[{ key: "coverage", label: title }]} />
      <PageHeader title={title} lead={lead} />
      <LeadJourney product={product}>
        <CoverageJourney product={product} origin={origin} initialPostcode={postcode} />
      </LeadJourney>
    </Container>
  );
}

import { Link, useNavigate } from "@tanstack/react-router";
import { STEPS, type Address, type Coverage } from "@portal/lead-flow";
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
  identifierSchema,
  validate,
  leadSearchFormSchema,
  type LeadSearchForm,
} from "@portal/validation";
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { useConfig } from "../../../shared/config";
import { usePageMeta } from "../../../shared/page-meta";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import {
  FibreJourney,
  checkFields,
  focusFirstInvalid,
  useJourney,
  type FieldCodes,
  useValidationText,
} from "./journey";
import { writeChosenPackage } from "../api/chosen-package";
import { journeyMessages } from "./messages";

const messages = defineMessages({
  title: {
    id: "fibre.coverage.title",
    defaultMessage: "Check fibre coverage",
    description: "Coverage page heading and document title",
  },
  lead: {
    id: "fibre.coverage.lead",
    defaultMessage:
      "Enter your address to see whether Suria Fibre can be installed at your home. It takes a minute.",
    description: "Coverage page intro and meta description",
  },
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
      "{count, plural, one {We found # address.} other {We found # addresses.}} Choose yours, then check coverage.",
    description: "Number of candidate addresses",
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
    defaultMessage: "Good news: Suria Fibre is available at your address",
    description: "Coverage result: covered",
  },
  notCoveredTitle: {
    id: "fibre.coverage.not-covered",
    defaultMessage: "Suria Fibre is not available at your address yet",
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
  continue: {
    id: "fibre.coverage.continue",
    defaultMessage: "Continue to sign up",
    description: "Link from a covered result to the lead form",
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
});

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

/** The search payload that points at one picked candidate address. */
function payloadOf(address: Address) {
  return {
    postalCode: address.postalCode,
    residenceType: address.residenceType,
    ...(address.streetName ? { streetName: address.streetName } : {}),
    ...(address.streetType ? { streetType: address.streetType } : {}),
    ...(address.buildingName ? { buildingName: address.buildingName } : {}),
    ...(address.houseNumber ? { houseNumber: address.houseNumber } : {}),
  };
}

function CoverageResult({ coverage, postcode }: { coverage: Coverage; postcode: string }) {
  const intl = useIntl();
  const config = useConfig();
  const product =
    config.products.find((p) => p.key === coverage.platform)?.name ?? coverage.platform;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [coverage]);
  const residence = coverage.address?.residenceType === 2 ? "multiStorey" : "landed";
  const { flow } = useJourney();
  const navigate = useNavigate();
  const [moving, setMoving] = useState(false);
  const [failed, setFailed] = useState(false);

  // A visitor who already gave their details and changes address: the lead gets the new address
  // now, and the journey stays at the step it had reached.
  async function onContinue(event: MouseEvent) {
    const addressId = coverage.address?.addressId;
    const reached = STEPS.indexOf(flow.getSnapshot().furthestStep);
    if (!addressId || reached <= STEPS.indexOf("details")) return;
    event.preventDefault();
    if (moving) return;
    setMoving(true);
    setFailed(false);
    try {
      await flow.updateLead({ address: { addressId } });
      void navigate({ to: "/signup" });
    } catch {
      setFailed(true);
    } finally {
      setMoving(false);
    }
  }

  return (
    <section
      className={`fibre-panel ${coverage.covered ? "fibre-panel--ok" : "fibre-panel--warn"}`}
      aria-labelledby="coverage-result"
      data-testid="coverage-result"
    >
      <p className="fibre-panel__eyebrow">{intl.formatMessage(messages.platform, { product })}</p>
      <h2 id="coverage-result" ref={headingRef} tabIndex={-1}>
        {intl.formatMessage(coverage.covered ? messages.coveredTitle : messages.notCoveredTitle)}
      </h2>
      {coverage.address ? <p className="fibre-address">{coverage.address.formatted}</p> : null}
      {coverage.covered ? (
        <>
          <ul className="fibre-networks">
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
          <Link
            to="/signup"
            className={buttonClassName("primary")}
            onClick={(event) => void onContinue(event)}
            aria-disabled={moving || undefined}
          >
            {intl.formatMessage(messages.continue)}
          </Link>
          {failed ? (
            <p className="fibre-alert" role="alert">
              {intl.formatMessage(journeyMessages.requestFailed)}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p>{intl.formatMessage(messages.notCoveredBody)}</p>
          <Link
            to="/register-interest"
            search={{ postcode, residence }}
            className={buttonClassName("primary")}
          >
            {intl.formatMessage(messages.registerInterest)}
          </Link>
        </>
      )}
    </section>
  );
}

function CoverageJourney({
  initialPostcode,
  packageId,
}: {
  initialPostcode?: string;
  packageId?: string;
}) {
  const intl = useIntl();
  const text = useValidationText();
  const { state, flow } = useJourney();
  const [form, setForm] = useState<SearchForm>({
    ...emptyForm,
    postalCode: initialPostcode ?? "",
  });
  const [errors, setErrors] = useState<FieldCodes>({});
  const [picked, setPicked] = useState<string>("");
  const [pickError, setPickError] = useState(false);
  const [searched, setSearched] = useState(false);
  // Counts successful searches; the picker heading takes focus after the commit that shows it
  // (a requestAnimationFrame could run before React has rendered the picker).
  const [searchRound, setSearchRound] = useState(0);
  const [checkedId, setCheckedId] = useState<string>();
  const [failure, setFailure] = useState<"search" | "coverage">();
  const formRef = useRef<HTMLFormElement>(null);
  const pickRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (searchRound > 0) pickRef.current?.focus();
  }, [searchRound]);

  const busy = state.loading.generateLead || state.loading.searchAddress;
  const leadBody = packageId ? { packageId } : {};
  useEffect(() => {
    if (packageId) writeChosenPackage(packageId);
  }, [packageId]);
  const set = (key: keyof SearchForm) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function ensureLead() {
    const snapshot = flow.getSnapshot();
    if (!snapshot.hasToken || snapshot.step === "submitted") await flow.generateLead(leadBody);
  }

  async function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { ...form, postalCode: form.postalCode.trim() } as LeadSearchForm;
    const found = checkFields(leadSearchFormSchema, input);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setFailure(undefined);
    setPicked("");
    setCheckedId(undefined);
    try {
      await ensureLead();
      try {
        await flow.searchAddress(input);
      } catch (error) {
        // The saved token was cleared or expired: start a new lead once and search again.
        if ((error as { code?: string }).code !== "missing-token") throw error;
        await flow.generateLead(leadBody);
        await flow.searchAddress(input);
      }
      setSearched(true);
      setSearchRound((round) => round + 1);
    } catch {
      setFailure("search");
    }
  }

  async function onCheck(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = state.addresses.find((a) => a.addressId === picked);
    if (!address) {
      setPickError(true);
      return;
    }
    setPickError(false);
    setFailure(undefined);
    try {
      await flow.checkCoverage(payloadOf(address));
      setCheckedId(address.addressId);
    } catch {
      setFailure("coverage");
    }
  }

  const showPicker = searched && state.addresses.length > 0;
  const inProgress =
    state.hasToken &&
    !searched &&
    ["details", "otp", "consent", "documents", "order"].includes(state.step);

  return (
    <>
      {inProgress ? (
        <div className="fibre-notice" role="status">
          <p>{intl.formatMessage(messages.inProgress)}</p>
          <Link to="/signup" className={buttonClassName("secondary")}>
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

      {showPicker ? (
        <form
          className="fibre-form"
          noValidate
          onSubmit={onCheck}
          aria-busy={state.loading.checkCoverage}
        >
          <h2 ref={pickRef} tabIndex={-1}>
            {intl.formatMessage(messages.pickHeading)}
          </h2>
          <p>{intl.formatMessage(messages.pickCount, { count: state.addresses.length })}</p>
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
            options={state.addresses.map((a) => ({ value: a.addressId, label: a.formatted }))}
          />
          <Button type="submit" disabled={state.loading.checkCoverage}>
            {intl.formatMessage(state.loading.checkCoverage ? messages.checking : messages.check)}
          </Button>
        </form>
      ) : null}

      {checkedId && state.coverage && !state.loading.checkCoverage ? (
        <CoverageResult coverage={state.coverage} postcode={form.postalCode} />
      ) : null}
    </>
  );
}

/** Fibre coverage: address search, a picker of candidate addresses, and the coverage result. */
export function CoveragePage({
  postcode,
  packageId,
}: {
  postcode?: string;
  /** The combo package the visitor came from; kept only when it is a valid identifier. */
  packageId?: string;
}) {
  const intl = useIntl();
  const title = intl.formatMessage(messages.title);
  usePageMeta(title, intl.formatMessage(messages.lead));
  usePageAnalytics({ pageType: "fibre_coverage", product: "fibre" });
  return (
    <Container>
      <Crumbs trail={[{ key: "coverage", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <FibreJourney>
        <CoverageJourney
          initialPostcode={postcode}
          packageId={
            packageId !== undefined && validate(identifierSchema, packageId).success
              ? packageId
              : undefined
          }
        />
      </FibreJourney>
    </Container>
  );
}

import type { LeadFlow, LeadFlowState } from "@portal/lead-flow";
import { Button, Container, PageHeader, RadioGroup, SelectField, TextField } from "@portal/ui";
import {
  STATES,
  STATE_NAMES,
  STREET_FIELD_MAX_LENGTH,
  type MessageKey,
  type Product,
} from "@portal/validation";
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
} from "react";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { useConfig } from "../../../shared/config";
import { useLanguage } from "../../../shared/language";
import { shellMessages } from "../../../shared/messages";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import "./fibre-journey.css";
import type * as JourneyModule from "./coverage-journey";
import { coveragePageMessages } from "../messages";
import type { OriginSearch } from "../api/journey-search";

// The page as first shown (the address form and its state picker) needs no journey code: the
// lead flow, its validation and the parts shown after a search are in coverage-journey.tsx,
// loaded on the first interaction with the form (focus, pointer, key) or 2 s after hydration,
// whichever comes first. A search submitted before it arrived waits
// for it with the button busy.
type JourneyCode = typeof JourneyModule;
let journeyCode: Promise<JourneyCode> | undefined;
let journeyCodeLoaded = false;

/** The journey's code, loaded once (a failed load is tried again at the next call). */
function loadJourneyCode(): Promise<JourneyCode> {
  if (!journeyCode) {
    journeyCode = import("./coverage-journey");
    journeyCode.then(
      () => (journeyCodeLoaded = true),
      () => (journeyCode = undefined),
    );
  }
  return journeyCode;
}

/**
 * How long after hydration the page waits before loading the journey code unasked: past the
 * start-up work (hydration, the first page view), so it competes with none of it.
 */
const IDLE_LOAD_DELAY_MS = 2000;

interface Journey {
  code: JourneyCode;
  flow: LeadFlow;
}

/** The form's strings (those of the parts shown after a search are in coverage-journey.tsx). */
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
  }),
};

type SearchForm = JourneyModule.SearchForm;

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

const noSubscription = () => () => undefined;

/** The journey's state once its code is loaded (undefined before, and while hydrating). */
function useJourneyState(flow: LeadFlow | undefined): LeadFlowState | undefined {
  return useSyncExternalStore(
    flow ? flow.subscribe : noSubscription,
    () => flow?.getSnapshot(),
    () => undefined,
  );
}

function CoverageJourney({
  product,
  origin,
  initialPostcode,
}: {
  product: Product;
  origin: OriginSearch;
  initialPostcode?: string;
}) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { environment } = useConfig();
  const [journey, setJourney] = useState<Journey>();
  const state = useJourneyState(journey?.flow);
  const [form, setForm] = useState<SearchForm>({
    ...emptyForm,
    postalCode: initialPostcode ?? "",
  });
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<string, MessageKey>>>({});
  const [round, setRound] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const [failure, setFailure] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // What the visitor came with (a plan, packs, a referral code) travels with the journey: begun
  // when the code arrives, and again when the link changes.
  const originKey = JSON.stringify(origin);
  const latest = useRef({ product, environment, lang, originKey });
  useEffect(() => {
    latest.current = { product, environment, lang, originKey };
  });

  /** Loads the journey code (once) and opens the product's journey. */
  const start = useCallback(async (): Promise<Journey> => {
    const code = await loadJourneyCode();
    const { product, environment, lang, originKey } = latest.current;
    const flow = code.openJourney(product, environment, lang, originKey);
    const opened = { code, flow };
    setJourney((current) => current ?? opened);
    return opened;
  }, []);
  const prefetch = useCallback(() => void start().catch(() => undefined), [start]);

  // Unasked: at once when the code is already here (the visitor came from another page of the
  // journey), otherwise 2 s after hydration, when the start-up work is done.
  useEffect(() => {
    if (journeyCodeLoaded) return prefetch();
    const timer = setTimeout(prefetch, IDLE_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [prefetch]);

  useEffect(() => {
    journey?.code.beginJourney(journey.flow, originKey);
  }, [journey, originKey]);
  useEffect(() => journey?.flow.setLanguage(lang), [journey, lang]);

  // A journey started earlier brings back the search the visitor typed (adjusted while
  // rendering: the saved journey arrives with the journey's code, after the first render); a
  // link's postcode wins, and so does whatever the visitor typed before it arrived.
  const saved = state?.searchPayload;
  const [seenSaved, setSeenSaved] = useState(saved);
  if (saved !== seenSaved) {
    setSeenSaved(saved);
    if (saved && journey && !touched && !initialPostcode) {
      setForm((typed) => journey.code.withSaved(typed, saved));
    }
  }

  const busy = waiting || !!state?.loading.generateLead || !!state?.loading.searchAddress;
  const text = (code: MessageKey | undefined) =>
    code && journey ? journey.code.validationText(code, lang) : undefined;
  const set = (key: keyof SearchForm) => (value: string) => {
    setTouched(true);
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setTouched(true);
    let opened = journey;
    if (!opened) {
      setWaiting(true);
      try {
        opened = await start();
      } catch {
        setFailure(true);
        return;
      } finally {
        setWaiting(false);
      }
    }
    const { code, flow } = opened;
    setFailure(false);
    try {
      const found = await code.submitSearch(flow, form);
      setErrors(found);
      if (Object.keys(found).length > 0) {
        requestAnimationFrame(() => code.focusFirstInvalid(formRef.current));
      } else setRound((n) => n + 1);
    } catch {
      setFailure(true);
    }
  }

  const searched = round > 0;
  const code = journey?.code;

  return (
    <>
      {code && journey && !searched ? (
        <code.SignupInProgress flow={journey.flow} product={product} />
      ) : null}
      <form
        ref={formRef}
        className="fibre-form"
        noValidate
        onSubmit={onSearch}
        onFocus={prefetch}
        onPointerDown={prefetch}
        onKeyDown={prefetch}
        aria-busy={busy}
      >
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
        <Button type="submit" disabled={busy}>
          {intl.formatMessage(busy ? messages.searching : messages.search)}
        </Button>
      </form>

      <div aria-live="polite" className="fibre-live">
        {failure ? (
          <div className="fibre-alert" role="alert">
            <p>
              {/* A call of the journey failed, or its code did not arrive. */}
              {intl.formatMessage(
                journey ? journey.code.requestFailedMessage : shellMessages.errorBody,
              )}
            </p>
          </div>
        ) : null}
      </div>

      {code && journey ? (
        <code.CoverageOutcome
          flow={journey.flow}
          product={product}
          round={round}
          postcode={form.postalCode}
          residence={form.residenceType}
          busy={busy}
          onFailure={setFailure}
        />
      ) : null}
    </>
  );
}

/**
 * The address step of a sign-up: search, a picker of candidate addresses with a filter, and the
 * coverage of the picked one (recorded on the lead when covered). `origin` is what the visitor
 * came with (a campaign's plan, a pack page's pack, a referral link's code), as the link wrote
 * it: the journey's code checks it.
 */
export function CoveragePage({
  product,
  origin,
  postcode,
}: {
  product: Product;
  origin: OriginSearch;
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
      <CoverageJourney product={product} origin={origin} initialPostcode={postcode} />
    </Container>
  );
}

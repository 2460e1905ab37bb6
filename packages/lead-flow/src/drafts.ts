import type { LeadSearchPayload } from "@portal/validation";
import type { Address, Coverage } from "./types.js";

/**
 * What the visitor is typing in each form of the journey, as the fields hold it (every value a
 * string). The flow keeps them, so a view only draws them: a restore, a new lead or a language
 * switch never loses or reverts what was typed.
 */
export interface Drafts {
  /** The address search (postcode, type of home, optional street fields). */
  search: SearchDraft;
  /** The contact details of the details step. */
  contact: ContactDraft;
  /** The referral code field of the plan step. */
  referralCode: string;
  /** The one-time code field. */
  otp: string;
  /** Register interest (prefilled from the address that is not covered). */
  interest: InterestDraft;
}

/** The address search as typed; residenceType is "landed", "multiStorey" or "". */
export interface SearchDraft {
  postalCode: string;
  residenceType: string;
  streetType: string;
  streetName: string;
  houseNumber: string;
  buildingName: string;
  area: string;
  city: string;
  state: string;
}

/** The contact details as typed. */
export interface ContactDraft {
  name: string;
  phoneNumber: string;
  alternatePhoneNumber: string;
  email: string;
}

/** Register interest as typed; residenceType is "landed", "multiStorey" or "". */
export interface InterestDraft {
  name: string;
  phoneNumber: string;
  email: string;
  postalCode: string;
  residenceType: string;
  address: string;
  remarks: string;
  /** "yes" when the visitor agreed to an SMS when coverage arrives (issue 24), else "". */
  contactConsent: string;
}

/** A form of the journey whose fields the flow keeps. */
export type DraftForm = keyof Drafts;

/** A change of one form's fields (anything left out stays as typed). */
export type DraftChange<F extends DraftForm> = Drafts[F] extends string
  ? string
  : Partial<Drafts[F]>;

/** The forms the saved journey keeps across a reload (no personal data but the address search). */
export const SAVED_DRAFTS = ["search", "referralCode"] as const satisfies readonly DraftForm[];

/** Forms that are one text field rather than an object of fields. */
const SINGLE_FIELD: ReadonlySet<DraftForm> = new Set(["referralCode", "otp"]);

export const emptySearchDraft: SearchDraft = {
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

export const emptyDrafts: Drafts = {
  search: emptySearchDraft,
  contact: { name: "", phoneNumber: "", alternatePhoneNumber: "", email: "" },
  referralCode: "",
  otp: "",
  interest: {
    name: "",
    phoneNumber: "",
    email: "",
    postalCode: "",
    residenceType: "",
    address: "",
    remarks: "",
    contactConsent: "",
  },
};

/** The residence type of a search draft from its wire code (1 landed, 2 multi-storey). */
export const residenceOf = (code: number | undefined): string =>
  code === 2 ? "multiStorey" : code === 1 ? "landed" : "";

/** The search draft a wire payload stands for (a saved journey of an earlier version). */
export function searchDraftOf(payload: LeadSearchPayload): SearchDraft {
  const draft: SearchDraft = { ...emptySearchDraft };
  for (const [key, value] of Object.entries(payload)) {
    if (key === "residenceType") draft.residenceType = residenceOf(value as number);
    else if (typeof value === "string" && key in draft) draft[key as keyof SearchDraft] = value;
  }
  return draft;
}

/** Applies a change to one form. */
export function applyDraft<F extends DraftForm>(
  drafts: Drafts,
  form: F,
  change: DraftChange<F>,
): Drafts {
  if (SINGLE_FIELD.has(form)) {
    return drafts[form] === change ? drafts : { ...drafts, [form]: change };
  }
  const current = drafts[form] as unknown as Record<string, string>;
  const patch = change as Record<string, string | undefined>;
  const changed = Object.keys(patch).some(
    (key) => patch[key] !== undefined && current[key] !== patch[key],
  );
  if (!changed) return drafts;
  const next = { ...current };
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) next[key] = value;
  return { ...drafts, [form]: next };
}

/** The names of the fields of a change (a single-field form has the one name ""). */
export function fieldsOf(form: DraftForm, change: unknown): string[] {
  if (SINGLE_FIELD.has(form)) return [""];
  return Object.keys(change as object);
}

/**
 * Merges a saved form into the current one: a field the visitor edited since the flow started
 * keeps what they typed (the newer input wins); every other field takes the saved value.
 */
export function mergeSaved<F extends DraftForm>(
  current: Drafts[F],
  saved: Drafts[F] | undefined,
  edited: ReadonlySet<string>,
): Drafts[F] {
  if (saved === undefined) return current;
  if (typeof current === "string") return (edited.has("") ? current : saved) as Drafts[F];
  const merged = { ...(current as object) } as Record<string, string>;
  for (const [key, value] of Object.entries(saved as object)) {
    if (!edited.has(key) && typeof value === "string" && key in merged) merged[key] = value;
  }
  return merged as unknown as Drafts[F];
}

/**
 * Register interest prefilled with an address that is not covered: its postcode, type of home
 * and the address itself (fields the visitor already typed stay).
 */
export function interestFromCoverage(draft: InterestDraft, coverage: Coverage): InterestDraft {
  const address: Address | undefined = coverage.address;
  if (!address) return draft;
  return {
    ...draft,
    postalCode: draft.postalCode || address.postalCode,
    residenceType: draft.residenceType || residenceOf(address.residenceType),
    address: address.formatted.slice(0, 300),
  };
}

import * as v from "valibot";
import { M } from "./codes.js";
import { STREET_FIELD_MAX_LENGTH } from "./address-fields.js";
import { STATES, stateSchema } from "./enums.js";
import { inputHints } from "./form/fields.js";
import { optionalString, postcodeSchema } from "./text.js";

/** Residence types as the UI names them. */
export const RESIDENCE_TYPES = ["landed", "multiStorey"] as const;
/** A residence type as the UI names it. */
export type ResidenceType = (typeof RESIDENCE_TYPES)[number];
/** Residence type codes on the wire: 1 landed, 2 multiStorey. */
export const RESIDENCE_TYPE_CODES = { landed: 1, multiStorey: 2 } as const;
/** A residence type code on the wire. */
export type ResidenceTypeCode = (typeof RESIDENCE_TYPE_CODES)[ResidenceType];

export { STREET_FIELD_MAX_LENGTH };

const streetFields = {
  streetType: optionalString(STREET_FIELD_MAX_LENGTH.streetType),
  streetName: optionalString(STREET_FIELD_MAX_LENGTH.streetName),
  houseNumber: optionalString(STREET_FIELD_MAX_LENGTH.houseNumber),
  buildingName: optionalString(STREET_FIELD_MAX_LENGTH.buildingName),
  area: optionalString(STREET_FIELD_MAX_LENGTH.area),
  city: optionalString(STREET_FIELD_MAX_LENGTH.city),
};

// A search for a place, not the visitor's saved address: the browser fills only the city.
const searchFields = {
  streetType: v.pipe(streetFields.streetType, inputHints({ autoComplete: "off" })),
  streetName: v.pipe(streetFields.streetName, inputHints({ autoComplete: "off" })),
  houseNumber: v.pipe(streetFields.houseNumber, inputHints({ autoComplete: "off" })),
  buildingName: v.pipe(streetFields.buildingName, inputHints({ autoComplete: "off" })),
  area: v.pipe(streetFields.area, inputHints({ autoComplete: "off" })),
  city: v.pipe(streetFields.city, inputHints({ autoComplete: "address-level2" })),
};

/** Lead search payload as sent to greenfield-search and check-isp-coverage (residenceType 1 or 2). */
export const leadSearchPayloadSchema = v.object(
  {
    postalCode: postcodeSchema,
    residenceType: v.picklist([1, 2], M.residenceType),
    ...streetFields,
    state: v.optional(stateSchema),
  },
  M.type,
);

/** The lead search payload on the wire. */
export type LeadSearchPayload = v.InferOutput<typeof leadSearchPayloadSchema>;

/**
 * The address search form as the UI holds it (residenceType landed | multiStorey, empty strings for
 * untouched optional fields); the output is the wire payload with empty fields dropped.
 */
export const leadSearchFormSchema = v.pipe(
  v.object(
    {
      postalCode: postcodeSchema,
      residenceType: v.picklist(RESIDENCE_TYPES, M.residenceType),
      ...searchFields,
      state: v.optional(v.picklist([...STATES, ""], M.state)),
    },
    M.type,
  ),
  v.transform((form): LeadSearchPayload => toLeadSearchPayload(form)),
);

/** The address search form as the UI holds it. */
export type LeadSearchForm = v.InferInput<typeof leadSearchFormSchema>;

/** Maps a (valid) UI search form to the wire payload: landed -> 1, multiStorey -> 2, "" dropped. */
export function toLeadSearchPayload(form: LeadSearchForm): LeadSearchPayload {
  const payload: Record<string, unknown> = {
    postalCode: form.postalCode,
    residenceType: RESIDENCE_TYPE_CODES[form.residenceType],
  };
  for (const key of [...Object.keys(streetFields), "state"] as const) {
    const value = (form as Record<string, string | undefined>)[key];
    if (value !== undefined && value !== "") payload[key] = value;
  }
  return payload as LeadSearchPayload;
}

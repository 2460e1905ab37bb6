import {
  consentTextHash,
  leadUpdateBodySchema,
  registerInterestSchema,
  RESIDENCE_TYPE_CODES,
  validate,
  type LeadUpdateBody,
  type RegisterInterest,
} from "@portal/validation";
import type { InterestDraft } from "../drafts.js";
import { LeadFlowError, TOKEN_UNAVAILABLE } from "../errors.js";
import { flagsFromFieldErrors, mapEntitledError, mapLeadUpdateErrors } from "../mapping.js";
import type { ContactDetails } from "../state.js";
import type { Entitlement, EntitlementClaim, Interest, Lead, Purchase } from "../types.js";
import { newIdempotencyKey } from "@portal/api-client";
import { statusOf, toRequestError, type OperationContext } from "./context.js";
import { isSlotTaken } from "./slots.js";

/** Sends of one create or purchase after a network error, a timeout or a 503 (same key). */
export const WRITE_RETRIES = 2;

/** A lead update: the contact details and/or the chosen address. */
export type LeadUpdate = LeadUpdateBody;

/** Details, consent, the purchase, register interest and the entitled-fibre check. */
export interface SubmissionOperations {
  updateLead(update?: LeadUpdate, options?: { validate?: boolean }): Promise<Lead>;
  giveConsent(): Promise<void>;
  purchase(): Promise<Purchase>;
  checkEntitled(options: {
    productToken: string | null | undefined;
    claim?: boolean;
  }): Promise<Entitlement | EntitlementClaim>;
  registerInterest(body?: RegisterInterest): Promise<Interest>;
}

const CONTACT_KEYS = ["name", "phoneNumber", "alternatePhoneNumber", "email"] as const;

/** The contact fields of an update (the identity card is never kept). */
function contactOf(update: LeadUpdate): ContactDetails | undefined {
  const contact: ContactDetails = {};
  for (const key of CONTACT_KEYS) if (update[key] !== undefined) contact[key] = update[key];
  return Object.keys(contact).length > 0 || update.identityCard !== undefined ? contact : undefined;
}

/**
 * The register-interest body of the form as typed (empty optional fields left out), with the
 * journey's uncovered register address and the plan wanted (`journey`, issue 24).
 */
export function interestBody(
  draft: InterestDraft,
  product: RegisterInterest["product"],
  language: RegisterInterest["language"],
  journey: { addressId?: string; packageId?: string } = {},
): RegisterInterest {
  const residence = RESIDENCE_TYPE_CODES[draft.residenceType as keyof typeof RESIDENCE_TYPE_CODES];
  return {
    name: draft.name.trim(),
    phoneNumber: draft.phoneNumber.trim(),
    product,
    language,
    postalCode: draft.postalCode.trim(),
    ...(draft.email.trim() ? { email: draft.email.trim() } : {}),
    ...(residence ? { residenceType: residence } : {}),
    ...(draft.address.trim() ? { address: draft.address.trim() } : {}),
    ...(draft.remarks.trim() ? { remarks: draft.remarks.trim() } : {}),
    ...(journey.addressId ? { addressId: journey.addressId } : {}),
    ...(journey.packageId ? { packageId: journey.packageId } : {}),
    ...(draft.contactConsent === "yes" ? { contactConsent: true } : {}),
  };
}

/**
 * The purchase. One attempt's Idempotency-Key is kept until it succeeds, so a purchase repeated
 * after a failure (the visitor's "try again") is the same attempt and cannot order twice.
 */
function purchaseOperation(ctx: OperationContext): () => Promise<Purchase> {
  const { api, store } = ctx;
  let purchaseKey: string | undefined;
  async function purchase(): Promise<Purchase> {
    const token = ctx.requireToken("purchase");
    store.dispatch({ type: "started", operation: "purchase" });
    purchaseKey ??= newIdempotencyKey();
    const idempotencyKey = purchaseKey;
    let data: Purchase;
    try {
      data = await ctx.send("purchase", () =>
        api.shop.purchaseLead(
          { termsAccepted: true },
          { token, idempotencyKey, retries: WRITE_RETRIES },
        ),
      );
    } catch (error) {
      // The held slot expired and another visitor took it: back to the slot step, next ones.
      // (A new attempt follows, with a new key: this one's answer was a 409, never kept.)
      if (error instanceof LeadFlowError && isSlotTaken(error)) {
        purchaseKey = undefined;
        store.dispatch({ type: "slotTaken", operation: "purchase", error: error.toInfo() });
      }
      throw error;
    }
    purchaseKey = undefined;
    store.dispatch({
      type: "purchased",
      orderNumber: data.orderNumber,
      submittedAt: data.submittedAt,
      order: data.order,
      ...(data.tracking ? { tracking: data.tracking } : {}),
    });
    return data;
  }
  return purchase;
}

export function createSubmissionOperations(ctx: OperationContext): SubmissionOperations {
  const { api, store, product } = ctx;
  const state = store.getState;
  const purchase = purchaseOperation(ctx);

  /** The details step's update as typed (the flow's draft). */
  function typedContact(): LeadUpdate {
    const { name, phoneNumber, alternatePhoneNumber, email } = state().drafts.contact;
    return {
      name: name.trim(),
      phoneNumber: phoneNumber.trim(),
      ...(alternatePhoneNumber.trim() ? { alternatePhoneNumber: alternatePhoneNumber.trim() } : {}),
      email: email.trim(),
    };
  }

  async function updateLead(
    update: LeadUpdate = typedContact(),
    options: { validate?: boolean } = {},
  ): Promise<Lead> {
    const token = ctx.requireToken("updateLead");
    let body: LeadUpdateBody = update;
    if (options.validate !== false) {
      const result = validate(leadUpdateBodySchema, update);
      if (!result.success) {
        const flags = flagsFromFieldErrors(result.errors);
        const error = new LeadFlowError("invalid-input", "Invalid lead update", {
          fieldErrors: result.errors,
          flags,
        });
        store.dispatch({ type: "leadUpdateRejected", flags, error: error.toInfo() });
        throw error;
      }
      body = result.output;
    }
    store.dispatch({ type: "started", operation: "updateLead" });
    try {
      const { data } = await api.shop.updateSbbLead(body as never, { token });
      const contact = contactOf(body);
      if (contact) {
        store.dispatch({
          type: "leadUpdated",
          contact,
          ...(data.order ? { order: data.order } : {}),
        });
      } else if (data.address) {
        store.dispatch({
          type: "addressRecorded",
          operation: "updateLead",
          address: data.address,
          ...(data.order ? { order: data.order } : {}),
        });
      }
      return data;
    } catch (cause) {
      const flags = mapLeadUpdateErrors(cause);
      if (!flags) return ctx.send("updateLead", () => Promise.reject(cause));
      const statusCode = statusOf(cause);
      const error = new LeadFlowError("lead-update-rejected", "The lead update was refused", {
        flags,
        ...(typeof statusCode === "number" ? { statusCode } : {}),
        cause,
      });
      store.dispatch({ type: "leadUpdateRejected", flags, error: error.toInfo() });
      throw error;
    }
  }

  async function giveConsent(): Promise<void> {
    const token = ctx.requireToken("giveConsent");
    const language = state().language;
    store.dispatch({ type: "started", operation: "giveConsent" });
    // The hash of the text shown in that language: the services keep the exact text accepted.
    const body = { language, consentTextHash: consentTextHash(language) };
    await ctx.send("giveConsent", () => api.shop.submitConsent(body, { token }));
    store.dispatch({ type: "consentGiven", language });
  }

  async function checkEntitled({
    productToken,
    claim = false,
  }: {
    productToken: string | null | undefined;
    claim?: boolean;
  }): Promise<Entitlement | EntitlementClaim> {
    if (!productToken) {
      return ctx.fail(
        "checkEntitled",
        new LeadFlowError("missing-product-token", `${product} ${TOKEN_UNAVAILABLE}`),
      );
    }
    store.dispatch({ type: "started", operation: "checkEntitled" });
    try {
      if (claim) {
        const { data } = await api.content.claimEntitledAstroFibre({}, { token: productToken });
        store.dispatch({ type: "entitlementClaimed", claim: data });
        return data;
      }
      const { data } = await api.content.getEntitledAstroFibre({ token: productToken });
      store.dispatch({ type: "entitledChecked", data });
      return data;
    } catch (cause) {
      // No answer at all (network, timeout): not a verdict on the token.
      const transport = (cause as { code?: unknown } | null)?.code;
      if (transport === "network" || transport === "timeout" || transport === "aborted") {
        return ctx.fail("checkEntitled", toRequestError(cause));
      }
      const errorCode = mapEntitledError(cause);
      const statusCode = statusOf(cause);
      const error = new LeadFlowError("entitled-rejected", errorCode, {
        entitledCode: errorCode,
        ...(typeof statusCode === "number" ? { statusCode } : {}),
        cause,
      });
      store.dispatch({ type: "entitledRejected", errorCode, error: error.toInfo() });
      throw error;
    }
  }

  async function registerInterest(body?: RegisterInterest): Promise<Interest> {
    // No argument: the form as the visitor typed it (the flow's draft).
    const { coverage, selection, origin } = state();
    // The address the journey found out of coverage and the plan wanted: the coverage SMS's link
    // opens the journey with them (issue 24).
    const journey = {
      addressId: coverage && !coverage.covered ? coverage.address?.addressId : undefined,
      packageId: selection.packageId ?? origin.packageId,
    };
    const input = body ?? interestBody(state().drafts.interest, product, state().language, journey);
    const parsed = validate(registerInterestSchema, input);
    if (!parsed.success) return ctx.invalid("registerInterest", parsed.errors);
    store.dispatch({ type: "started", operation: "registerInterest" });
    const interest = await ctx.send("registerInterest", () =>
      api.shop.registerInterest(parsed.output as never),
    );
    store.dispatch({ type: "interestRegistered", interest });
    return interest;
  }

  return {
    updateLead: (update, options) => ctx.track(updateLead(update, options)),
    giveConsent: () => ctx.track(giveConsent()),
    purchase: () => ctx.track(purchase()),
    checkEntitled: (options) => ctx.track(checkEntitled(options)),
    registerInterest: (body) => ctx.track(registerInterest(body)),
  };
}

import {
  leadSearchFormSchema,
  leadSearchPayloadSchema,
  validate,
  type LeadCreateBody,
  type LeadSearchForm,
  type LeadSearchPayload,
} from "@portal/validation";
import { newIdempotencyKey } from "@portal/api-client";
import { LeadFlowError } from "../errors.js";
import { WRITE_RETRIES } from "./submission.js";
import type { Operation } from "../state.js";
import type { Address, Coverage, Offers } from "../types.js";
import type { OperationContext } from "./context.js";

/** The address step's calls: the lead, the address search, coverage and the chosen address. */
export interface AddressOperations {
  generateLead(body?: Partial<LeadCreateBody>): Promise<{ leadId: string }>;
  searchAddress(search?: LeadSearchForm | LeadSearchPayload): Promise<readonly Address[]>;
  checkCoverage(search?: LeadSearchForm | LeadSearchPayload): Promise<Coverage>;
  selectAddress(
    address: Address,
    details?: { unitNumber?: string; remarks?: string },
  ): Promise<Coverage>;
}

/** The search payload that finds exactly one picked register address. */
function payloadOf(address: Address): LeadSearchPayload {
  return {
    postalCode: address.postalCode,
    residenceType: address.residenceType,
    ...(address.streetName ? { streetName: address.streetName } : {}),
    ...(address.streetType ? { streetType: address.streetType } : {}),
    ...(address.buildingName ? { buildingName: address.buildingName } : {}),
    ...(address.houseNumber ? { houseNumber: address.houseNumber } : {}),
  } as LeadSearchPayload;
}

export function createAddressOperations(
  ctx: OperationContext,
  loadOffers: () => Promise<Offers>,
): AddressOperations {
  const { api, store, product } = ctx;
  const state = store.getState;
  // One lead at a time: a second call while one is being created waits for it.
  let creating: Promise<{ leadId: string }> | undefined;
  // One lead creation's Idempotency-Key: kept until a lead is created, so a creation repeated
  // after a failure answers the lead the services may already have made.
  let createKey: { key: string; body: string } | undefined;

  function parseSearch(
    operation: Operation,
    search: LeadSearchForm | LeadSearchPayload | undefined,
  ): LeadSearchPayload {
    // No argument: the address search as the visitor typed it (the flow's draft), without the
    // spaces typed around a value.
    const input =
      search ??
      Object.fromEntries(Object.entries(state().drafts.search).map(([k, v]) => [k, v.trim()]));
    const wire = typeof (input as { residenceType?: unknown } | null)?.residenceType === "number";
    const result = wire
      ? validate(leadSearchPayloadSchema, input)
      : validate(leadSearchFormSchema, input);
    return result.success ? result.output : ctx.invalid(operation, result.errors);
  }

  async function createLead(body: Partial<LeadCreateBody>): Promise<{ leadId: string }> {
    store.dispatch({ type: "started", operation: "generateLead" });
    const request = { product, language: state().language, ...body };
    // Another body is another attempt (the same key would be refused with 422).
    if (createKey?.body !== JSON.stringify(request))
      createKey = { key: newIdempotencyKey(), body: JSON.stringify(request) };
    const idempotencyKey = createKey.key;
    const lead = await ctx.send("generateLead", () =>
      api.shop.generateSbbLead(request, { idempotencyKey, retries: WRITE_RETRIES }),
    );
    createKey = undefined;
    try {
      store.saveToken(lead.token);
    } catch (cause) {
      ctx.fail(
        "generateLead",
        new LeadFlowError("request-failed", "The lead token could not be saved", { cause }),
      );
    }
    store.dispatch({ type: "leadGenerated", leadId: lead.leadId });
    store.scheduleTick();
    return { leadId: lead.leadId };
  }

  function generateLead(body: Partial<LeadCreateBody> = {}): Promise<{ leadId: string }> {
    if (!creating) {
      creating = ctx.track(createLead(body));
      const clear = () => void (creating = undefined);
      creating.then(clear, clear);
    }
    return creating;
  }

  /** The lead of the address step: created when there is none, once more when it is lost. */
  async function withLead<T>(run: (token: string) => Promise<T>): Promise<T> {
    // The plan or pack the visitor came from travels with the lead as a hint for the sales team.
    const { origin } = state();
    const hint = origin.packageId ?? origin.addOnIds?.[0];
    const fresh = () => generateLead(hint ? { packageId: hint } : {});
    let token = store.readToken();
    if (creating || !token || state().step === "submitted" || !state().hasToken) {
      await fresh();
      token = store.readToken()!;
    }
    try {
      return await run(token);
    } catch (error) {
      if (!(error instanceof LeadFlowError) || error.statusCode !== 401) throw error;
      // Expired (24 h) or otherwise unusable: a new lead, and the same request again.
      await fresh();
      return run(store.readToken()!);
    }
  }

  async function checkCoverage(
    search?: LeadSearchForm | LeadSearchPayload,
    operation: Operation = "checkCoverage",
  ): Promise<Coverage> {
    const payload = search ? parseSearch(operation, search) : state().searchPayload;
    if (!payload) {
      return ctx.fail(
        operation,
        new LeadFlowError(
          "invalid-step",
          "checkCoverage needs a search payload: call searchAddress first",
        ),
      );
    }
    return withLead(async (token) => {
      store.dispatch({ type: "started", operation: "checkCoverage" });
      const coverage = await ctx.send("checkCoverage", () =>
        api.address.checkIspCoverage(payload, { token, params: { platform: product } }),
      );
      store.dispatch({
        type: "coverageChecked",
        coverage,
        ...(operation === "checkCoverage" ? { payload } : {}),
      });
      return coverage;
    });
  }

  async function searchAddress(search?: LeadSearchForm | LeadSearchPayload) {
    const payload = parseSearch("searchAddress", search);
    return withLead(async (token) => {
      store.dispatch({ type: "started", operation: "searchAddress" });
      const addresses = await ctx.send("searchAddress", () =>
        api.address.greenfieldSearch(payload, { token }),
      );
      store.dispatch({ type: "addressesFound", payload, addresses });
      return addresses;
    });
  }

  async function selectAddress(
    address: Address,
    details: { unitNumber?: string; remarks?: string } = {},
  ): Promise<Coverage> {
    store.dispatch({ type: "started", operation: "selectAddress" });
    let coverage: Coverage;
    try {
      coverage = await checkCoverage(payloadOf(address), "selectAddress");
    } catch (error) {
      return ctx.fail("selectAddress", error as LeadFlowError);
    }
    if (!coverage.covered || !coverage.address) {
      store.dispatch({ type: "addressNotCovered" });
      return coverage;
    }
    const recorded = coverage.address;
    const token = ctx.requireToken("selectAddress");
    const lead = await ctx.send("selectAddress", () =>
      api.shop.updateSbbLead(
        {
          address: {
            addressId: recorded.addressId,
            ...(details.unitNumber ? { unitNumber: details.unitNumber } : {}),
            ...(details.remarks ? { remarks: details.remarks } : {}),
          },
        },
        { token },
      ),
    );
    store.dispatch({
      type: "addressRecorded",
      address: lead.address ?? recorded,
      ...(lead.order ? { order: lead.order } : {}),
    });
    // The plan step's offers (the flow loads them as the step is entered: this waits for them).
    await loadOffers();
    return coverage;
  }

  return {
    generateLead,
    searchAddress: (search) => ctx.track(searchAddress(search)),
    checkCoverage: (search) => ctx.track(checkCoverage(search)),
    selectAddress: (address, details) => ctx.track(selectAddress(address, details)),
  };
}

import {
  orderUpdateBodySchema,
  referralCodeSchema,
  validate,
  type Language,
} from "@portal/validation";
import { LeadFlowError, type ReferralRejection } from "../errors.js";
import type { Selection } from "../state.js";
import type { Offers, Order, ReferralInfo } from "../types.js";
import { bodyOf, statusOf, toRequestError, type OperationContext } from "./context.js";

/** A change of the package step's choice (anything left out stays as chosen). */
export type OrderChange = Partial<Selection> & {
  installationDate?: string;
  installationSlot?: "morning" | "afternoon";
};

/** The plan step's calls: offers, the priced order, the referral code. */
export interface OrderOperations {
  loadOffers(): Promise<Offers>;
  updateOrder(change?: OrderChange): Promise<Order>;
  applyReferralCode(code?: string): Promise<ReferralInfo>;
  confirmPackage(): Promise<void>;
  /** Reads the applied referral code again in the current language (its reward's text). */
  refreshReferral(): void;
}

export function createOrderOperations(ctx: OperationContext): OrderOperations {
  const { api, store, product } = ctx;
  const state = store.getState;
  // One offers request per language at a time: the step's load and selectAddress share it.
  let offersInFlight: { language: Language; promise: Promise<Offers> } | undefined;
  let orderSequence = 0;
  let latestOrder: Promise<Order> | undefined;

  function loadOffers(): Promise<Offers> {
    const language = state().language;
    if (offersInFlight?.language === language) return offersInFlight.promise;
    const promise = ctx.track(
      (async () => {
        const token = ctx.requireToken("loadOffers");
        store.dispatch({ type: "started", operation: "loadOffers" });
        const offers = await ctx.send("loadOffers", () =>
          api.shop.getSbbOffers({ lang: language }, { token }),
        );
        store.dispatch({ type: "offersLoaded", offers, language });
        return offers;
      })(),
    );
    offersInFlight = { language, promise };
    const clear = () => {
      if (offersInFlight?.promise === promise) offersInFlight = undefined;
    };
    promise.then(clear, clear);
    return promise;
  }

  async function sendOrder(change: OrderChange): Promise<Order> {
    const token = ctx.requireToken("updateOrder");
    const { installationDate, installationSlot, ...selection } = change;
    if (Object.keys(selection).length > 0) store.dispatch({ type: "selected", selection });
    const { packageId, referralCode } = state().selection;
    // Packs the plan already includes are not ordered again (the visitor's wish stays chosen, so
    // a plan without them gets them back).
    const included = state().offers?.plans.find((p) => p.id === packageId)?.includedPackIds ?? [];
    const addOnIds = state().selection.addOnIds.filter((id) => !included.includes(id));
    const checked = validate(orderUpdateBodySchema, {
      packageId: packageId ?? "",
      ...(addOnIds.length > 0 ? { addOnIds: [...addOnIds] } : {}),
      ...(referralCode ? { referralCode } : {}),
      ...(installationDate ? { installationDate } : {}),
      ...(installationSlot ? { installationSlot } : {}),
    });
    if (!checked.success) return ctx.invalid("updateOrder", checked.errors);
    const sequence = ++orderSequence;
    store.dispatch({ type: "started", operation: "updateOrder" });
    try {
      const { data } = await api.shop.updateSbbOrder(checked.output, { token });
      // A later choice is on its way: its answer, not this one, is the order.
      if (sequence === orderSequence) store.dispatch({ type: "orderUpdated", order: data });
      return data;
    } catch (cause) {
      const body = bodyOf(cause);
      const code = typeof body?.code === "string" ? body.code : "";
      const error =
        body?.field === "referralCode" && code.startsWith("referral.")
          ? new LeadFlowError("referral-rejected", "The referral code was refused", {
              referralStatus: code.slice("referral.".length) as ReferralRejection,
              statusCode: 400,
              reason: code,
              cause,
            })
          : toRequestError(cause);
      if (sequence !== orderSequence) throw error;
      if (statusOf(cause) === 401) return ctx.send("updateOrder", () => Promise.reject(cause));
      return ctx.fail("updateOrder", error);
    }
  }

  function updateOrder(change: OrderChange = {}): Promise<Order> {
    const promise = ctx.track(sendOrder(change));
    latestOrder = promise;
    return promise;
  }

  function referralRejected(status: ReferralRejection, cause?: unknown): never {
    // A refused code is not kept for the order (it would be refused with it).
    if (
      state().selection.referralCode &&
      state().referral?.code !== state().selection.referralCode
    ) {
      store.dispatch({ type: "selected", selection: { referralCode: state().referral?.code } });
    }
    return ctx.fail(
      "applyReferralCode",
      new LeadFlowError("referral-rejected", `The referral code cannot be used (${status})`, {
        referralStatus: status,
        ...(cause !== undefined ? { cause } : {}),
      }),
    );
  }

  async function fetchReferral(code: string, language: Language): Promise<ReferralInfo> {
    try {
      return (await api.content.getReferralInfo({ code, lang: language })).data;
    } catch (cause) {
      if (statusOf(cause) === 404) return referralRejected("notFound", cause);
      return ctx.fail("applyReferralCode", toRequestError(cause));
    }
  }

  async function applyReferralCode(code?: string): Promise<ReferralInfo> {
    // No argument: the code as the visitor typed it (the flow's draft).
    const parsed = validate(
      referralCodeSchema,
      code ?? state().drafts.referralCode,
      "referralCode",
    );
    if (!parsed.success) return ctx.invalid("applyReferralCode", parsed.errors);
    store.dispatch({ type: "started", operation: "applyReferralCode" });
    const referral = await fetchReferral(parsed.output, state().language);
    if (referral.status !== "active") return referralRejected(referral.status);
    if (referral.product !== product) return referralRejected("product");
    store.dispatch({ type: "referralChecked", referral });
    if (state().order && store.readToken()) await updateOrder();
    return referral;
  }

  async function confirmPackage(): Promise<void> {
    const { selection, offers } = state();
    const available =
      selection.packageId !== undefined &&
      (!offers || offers.plans.some((plan) => plan.id === selection.packageId));
    if (!available) {
      ctx.fail(
        "updateOrder",
        new LeadFlowError("invalid-step", "Choose a plan: confirmPackage needs an available plan", {
          fieldErrors: [{ field: "packageId", code: "validation.required" }],
        }),
      );
    }
    // The chosen plan goes on priced: the order under way, or one recorded now.
    if (state().loading.updateOrder && latestOrder) await latestOrder.catch(() => undefined);
    if (state().order?.packageId !== state().selection.packageId || state().errors.updateOrder) {
      await updateOrder();
    }
    store.dispatch({ type: "packageConfirmed" });
  }

  return {
    loadOffers,
    updateOrder,
    applyReferralCode: (code) => ctx.track(applyReferralCode(code)),
    confirmPackage: () => ctx.track(confirmPackage()),
    refreshReferral() {
      const { referral, language } = state();
      if (!referral) return;
      void ctx.track(
        fetchReferral(referral.code, language).then(
          (again) => store.dispatch({ type: "referralChecked", referral: again }),
          () => undefined,
        ),
      );
    },
  };
}

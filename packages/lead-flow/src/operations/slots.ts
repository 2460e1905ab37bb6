import { LeadFlowError } from "../errors.js";
import type { InstallationHold, InstallationSlot, InstallationSlots } from "../types.js";
import { bodyOf, toRequestError, type OperationContext } from "./context.js";

/** The service's code for a slot another visitor took first (hold or purchase). */
export const SLOT_TAKEN = "order.slot.taken";

/** Installation days the slot step lists. */
export const SLOT_DAYS = 6;

/** The slot step's calls: the slots of the address, a hold, and going on to the review. */
export interface SlotOperations {
  loadSlots(): Promise<InstallationSlots>;
  holdSlot(slot: Pick<InstallationSlot, "date" | "slot">): Promise<InstallationHold>;
  confirmSlot(): void;
}

/** A failure of a hold or a purchase that says the slot was just taken: the flow goes back. */
export function isSlotTaken(cause: unknown): boolean {
  const reason = (cause as { reason?: unknown } | null)?.reason;
  return reason === SLOT_TAKEN || bodyOf(cause)?.code === SLOT_TAKEN;
}

export function createSlotOperations(ctx: OperationContext): SlotOperations {
  const { api, store } = ctx;
  const state = store.getState;
  let inFlight: Promise<InstallationSlots> | undefined;

  function loadSlots(): Promise<InstallationSlots> {
    if (inFlight) return inFlight;
    const promise = ctx.track(
      (async () => {
        const token = ctx.requireToken("loadSlots");
        store.dispatch({ type: "started", operation: "loadSlots" });
        const slots = await ctx.send("loadSlots", () =>
          api.shop.listInstallationSlots({ days: SLOT_DAYS }, { token }),
        );
        store.dispatch({ type: "slotsLoaded", slots });
        return slots;
      })(),
    );
    inFlight = promise;
    const clear = () => {
      if (inFlight === promise) inFlight = undefined;
    };
    promise.then(clear, clear);
    return promise;
  }

  async function holdSlot(
    choice: Pick<InstallationSlot, "date" | "slot">,
  ): Promise<InstallationHold> {
    const token = ctx.requireToken("holdSlot");
    store.dispatch({ type: "started", operation: "holdSlot" });
    try {
      const { data } = await api.shop.holdInstallationSlot(
        { date: choice.date, slot: choice.slot },
        { token },
      );
      store.dispatch({ type: "slotHeld", hold: data });
      return data;
    } catch (cause) {
      if (isSlotTaken(cause)) {
        const error = toRequestError(cause);
        store.dispatch({ type: "slotTaken", operation: "holdSlot", error: error.toInfo() });
        throw error;
      }
      return ctx.send("holdSlot", () => Promise.reject(cause));
    }
  }

  function confirmSlot(): void {
    const { slotHold, slots } = state();
    if (!slotHold && !(slots && slots.slots.length === 0)) {
      ctx.fail(
        "holdSlot",
        new LeadFlowError("invalid-step", "Choose an installation slot", {
          fieldErrors: [{ field: "slot", code: "validation.required" }],
        }),
      );
    }
    store.dispatch({ type: "slotConfirmed" });
  }

  return {
    loadSlots,
    holdSlot: (choice) => ctx.track(holdSlot(choice)),
    confirmSlot,
  };
}

import { LeadFlowError } from "../errors.js";
import type { Handoff } from "../state.js";
import { toRequestError, type OperationContext } from "./context.js";

/** The form of a handoff code (22 base64url characters, openapi/shop.yaml `HandoffCode`). */
export const HANDOFF_CODE = /^[A-Za-z0-9_-]{22}$/;

/** "Continue on your phone" (issue 24): hand the journey to another device, and take it there. */
export interface HandoffOperations {
  handOff(): Promise<Handoff>;
  continueJourney(code: string): Promise<void>;
}

export function createHandoffOperations(ctx: OperationContext): HandoffOperations {
  const { api, store } = ctx;

  /**
   * Sends the saved journey (what a reload would restore) with the lead token; the answer's
   * code, valid 30 minutes and once, goes into a link or a QR code (`state.handoff`).
   */
  async function handOff(): Promise<Handoff> {
    const token = ctx.requireToken("handOff");
    store.dispatch({ type: "started", operation: "handOff" });
    const journey = store.savedRecord();
    const handoff = await ctx.send("handOff", () => api.shop.createHandoff({ journey }, { token }));
    store.dispatch({ type: "handedOff", handoff });
    return handoff;
  }

  /**
   * Takes a handed-off journey on this device: the code is redeemed (once), the lead token and
   * the journey are saved here, and the journey is restored with the rules of a reload (same
   * product and version, at most 24 hours old, fields typed on this device win).
   */
  async function continueJourney(code: string): Promise<void> {
    if (!HANDOFF_CODE.test(code))
      return ctx.invalid("continueJourney", [{ field: "code", code: "validation.invalid" }]);
    store.dispatch({ type: "started", operation: "continueJourney" });
    let answer: { token: string; journey: unknown };
    try {
      ({ data: answer } = await api.shop.redeemHandoff({ code }));
    } catch (cause) {
      return ctx.fail("continueJourney", toRequestError(cause));
    }
    const undo = store.writeSaved(answer.journey);
    const saved = store.readSaved();
    if (!saved) {
      // This device's own saved journey, if any, stays as it was.
      undo();
      return ctx.fail(
        "continueJourney",
        new LeadFlowError("request-failed", "The handed-off journey cannot be restored here", {
          reason: "handoff.unusable",
        }),
      );
    }
    store.saveToken(answer.token);
    store.dispatch({
      type: "restored",
      saved,
      hasToken: true,
      now: store.clock.now(),
      edited: store.edited(),
    });
    store.dispatch({ type: "handoffReceived" });
    store.scheduleTick();
  }

  return { handOff, continueJourney };
}

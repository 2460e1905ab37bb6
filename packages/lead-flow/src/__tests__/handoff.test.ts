import { describe, expect, it, vi } from "vitest";
import { createLeadFlow, createMemoryStorage, isLeadFlowError } from "../index.js";
import { createFakeApi, createFakeClock, httpFailure } from "./fakes.js";

/**
 * Issue 24, "Continue on your phone": handOff sends the journey as a reload would restore it;
 * continueJourney on another device restores it by the same rules (product, version, age, what
 * is typed wins) with the lead token the code brings.
 */
const CODE = "AbCdEfGhIjKlMnOpQrStUv";

function device() {
  const fake = createFakeApi();
  const shop = fake.api.shop as Record<string, unknown>;
  shop.createHandoff = vi.fn(() =>
    Promise.resolve({
      success: true,
      statusCode: 200,
      data: { code: CODE, expiresAt: "2026-11-21T06:30:00.000Z" },
    }),
  );
  const storage = createMemoryStorage();
  const clock = createFakeClock();
  const flow = createLeadFlow({ api: fake.leadApi, environment: "test", storage, clock });
  return { ...fake, shop, storage, clock, flow };
}

describe("continue on another device", () => {
  it("hands the saved journey over and restores it there at the same step, typed fields kept", async () => {
    const first = device();
    await first.flow.generateLead();
    first.flow.edit("search", { postalCode: "47301", residenceType: "landed" });
    first.flow.edit("referralCode", "SURIA8K2Q");
    const handoff = await first.flow.handOff();
    expect(handoff).toEqual({ code: CODE, expiresAt: "2026-11-21T06:30:00.000Z" });
    expect(first.flow.getSnapshot().handoff).toEqual(handoff);
    const [body, options] = (first.shop.createHandoff as ReturnType<typeof vi.fn>).mock
      .calls[0] as [{ journey: unknown }, unknown];
    expect(options).toEqual({ token: "jwt.lead.token" });
    // Exactly what a reload restores: never the token.
    expect(body.journey).toEqual(
      JSON.parse(first.storage.getItem("portal.lead-flow.fibre.journey")!),
    );
    expect(JSON.stringify(body)).not.toContain("jwt.lead.token");
    const journey = body.journey;

    const second = device();
    second.shop.redeemHandoff = vi.fn(() =>
      Promise.resolve({
        success: true,
        statusCode: 200,
        data: {
          leadId: "3f1c1d2e-0000-4000-8000-000000000001",
          token: "jwt.second",
          journey,
        },
      }),
    );
    // Typed on this device before the link was opened: it stays.
    second.flow.edit("referralCode", "MYCODE12");
    await second.flow.continueJourney(CODE);
    expect(second.shop.redeemHandoff).toHaveBeenCalledWith({ code: CODE });
    const state = second.flow.getSnapshot();
    expect(state.step).toBe("address");
    expect(state.leadId).toBe("3f1c1d2e-0000-4000-8000-000000000001");
    expect(state.hasToken).toBe(true);
    expect(state.drafts.search).toMatchObject({ postalCode: "47301", residenceType: "landed" });
    expect(state.drafts.referralCode).toBe("MYCODE12");
    expect(state.loading.continueJourney).toBe(false);
    expect(state.errors.continueJourney).toBeUndefined();
    expect(second.storage.getItem("portal.lead-flow.fibre.token")).toBe("jwt.second");
  });

  it("refuses a malformed code before any request, and reports a used one as a 404", async () => {
    const { flow, shop, calls } = device();
    shop.redeemHandoff = vi.fn(() =>
      Promise.reject(
        httpFailure(404, { statusCode: 404, error: "Not Found", message: "Not Found" }),
      ),
    );
    const before = calls();
    const malformed = await flow.continueJourney("short").catch((e: unknown) => e);
    expect(isLeadFlowError(malformed) && malformed.code).toBe("invalid-input");
    expect(flow.getSnapshot().errors.continueJourney?.fieldErrors).toEqual([
      { field: "code", code: "validation.invalid" },
    ]);
    expect(calls()).toBe(before);
    const used = await flow.continueJourney(CODE).catch((e: unknown) => e);
    expect(isLeadFlowError(used) && used.code).toBe("request-failed");
    expect(flow.getSnapshot().errors.continueJourney?.statusCode).toBe(404);
    expect(flow.getSnapshot().hasToken).toBe(false);
  });

  it("does not restore another product's journey, nor one older than 24 hours", async () => {
    const { flow, shop, storage, clock } = device();
    const journey = (product: string, savedAt: number) => ({
      version: 3,
      savedAt,
      journey: {
        product,
        step: "package",
        furthestStep: "package",
        origin: {},
        selection: { addOnIds: [] },
        otp: { verified: false },
        documents: [],
      },
    });
    for (const record of [
      journey("tv", clock.now()),
      journey("fibre", clock.now() - 24 * 3_600_000 - 1),
    ]) {
      shop.redeemHandoff = vi.fn(() =>
        Promise.resolve({
          success: true,
          statusCode: 200,
          data: { leadId: "x", token: "jwt.x", journey: record },
        }),
      );
      const error = await flow.continueJourney(CODE).catch((e: unknown) => e);
      expect(isLeadFlowError(error) && error.reason).toBe("handoff.unusable");
      expect(flow.getSnapshot().step).toBe("start");
      expect(storage.getItem("portal.lead-flow.fibre.token")).toBeNull();
      // What storage keeps is this device's own journey, not the handed-over one.
      const kept = storage.getItem("portal.lead-flow.fibre.journey");
      expect(kept === null || JSON.parse(kept).journey.step === "start").toBe(true);
    }
  });
});

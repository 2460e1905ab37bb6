import { describe, expect, it, vi } from "vitest";
import {
  createLeadFlow,
  createMemoryStorage,
  dueLoads,
  type LeadFlow,
  type PutFile,
} from "../index.js";
import { createFakeApi, createFakeClock, httpFailure, orderOf, SLOTS } from "./fakes.js";

// Issue 24: the installation slot step. Entering it loads the address's slots (the flow, not a
// view); a pick holds one; a slot another visitor took first brings the next ones with a notice,
// from a hold or from the purchase; Continue needs a hold unless there is none to offer.

const TAKEN = { statusCode: 409, error: "Conflict", message: "taken", code: "order.slot.taken" };

function setup() {
  const fake = createFakeApi();
  const putFile = vi.fn<PutFile>(async () => undefined);
  const flow = createLeadFlow({
    api: fake.leadApi,
    environment: "test",
    storage: createMemoryStorage(),
    clock: createFakeClock(),
    putFile,
  });
  return { ...fake, flow };
}

/** The journey up to the slot step, as the visitor walks it. */
async function walkToSlot(flow: LeadFlow) {
  const [address] = await flow.searchAddress({ postalCode: "47301", residenceType: "landed" });
  await flow.selectAddress(address!);
  await flow.updateOrder({ packageId: "fibre-500" });
  await flow.confirmPackage();
  await flow.updateLead({ name: "Aminah", phoneNumber: "012-3456789", email: "a@example.my" });
  await flow.generateOtp();
  await flow.verifyOtp("123456");
  await flow.giveConsent();
  await flow.uploadDocument(
    new File([new Uint8Array(16)], "bill.pdf", { type: "application/pdf" }),
    {
      title: "Utility bill",
    },
  );
  flow.finishDocuments();
}

const slotsOf = (flow: LeadFlow) =>
  flow.getSnapshot().slots?.slots.map((s) => `${s.date} ${s.slot}`);

describe("the installation slot step", () => {
  it("comes after the documents and loads the address's slots by itself", async () => {
    const { flow, api } = setup();
    await walkToSlot(flow);
    expect(flow.getSnapshot().step).toBe("slot");
    // Started by the flow as the step was entered: no view asked.
    expect(flow.getSnapshot().loading.loadSlots).toBe(true);
    await flow.settled();
    expect(api.shop.listInstallationSlots).toHaveBeenCalledTimes(1);
    expect(api.shop.listInstallationSlots).toHaveBeenCalledWith(
      { days: 6 },
      { token: "jwt.lead.token" },
    );
    expect(slotsOf(flow)).toEqual([
      "2026-11-24 morning",
      "2026-11-24 afternoon",
      "2026-11-25 morning",
    ]);
    // Loaded: nothing more is due, and a settled flow asks no more.
    expect(dueLoads(flow.getSnapshot())).toEqual([]);
  });

  it("holds the picked slot, then goes on to the review, which keeps it after a reload", async () => {
    const { flow, api } = setup();
    await walkToSlot(flow);
    await flow.settled();
    expect(() => flow.confirmSlot()).toThrow("Choose an installation slot");
    expect(flow.getSnapshot()).toMatchObject({
      step: "slot",
      errors: { holdSlot: { code: "invalid-step" } },
    });
    await flow.holdSlot({ date: "2026-11-24", slot: "afternoon" });
    expect(api.shop.holdInstallationSlot).toHaveBeenCalledWith(
      { date: "2026-11-24", slot: "afternoon" },
      { token: "jwt.lead.token" },
    );
    expect(flow.getSnapshot().slotHold).toEqual({
      date: "2026-11-24",
      slot: "afternoon",
      from: "14:00",
      to: "18:00",
      heldUntil: "2026-11-21T06:10:00.000Z",
      confirmed: false,
    });
    expect(flow.getSnapshot().errors.holdSlot).toBeUndefined();
    flow.confirmSlot();
    expect(flow.getSnapshot().step).toBe("review");
  });

  it("a slot just taken: the notice, no hold, and the next ones loaded again", async () => {
    const { flow, api } = setup();
    await walkToSlot(flow);
    await flow.settled();
    api.shop.holdInstallationSlot.mockRejectedValueOnce(httpFailure(409, TAKEN));
    api.shop.listInstallationSlots.mockResolvedValueOnce({
      success: true,
      statusCode: 200,
      data: { ...SLOTS, slots: SLOTS.slots.filter((s) => s.slot === "morning") },
    } as never);
    await expect(flow.holdSlot({ date: "2026-11-24", slot: "afternoon" })).rejects.toMatchObject({
      code: "request-failed",
      statusCode: 409,
      reason: "order.slot.taken",
    });
    expect(flow.getSnapshot()).toMatchObject({ step: "slot", slotNotice: "taken" });
    expect(flow.getSnapshot().slotHold).toBeUndefined();
    await flow.settled();
    expect(api.shop.listInstallationSlots).toHaveBeenCalledTimes(2);
    expect(slotsOf(flow)).toEqual(["2026-11-24 morning", "2026-11-25 morning"]);
    await flow.holdSlot({ date: "2026-11-25", slot: "morning" });
    expect(flow.getSnapshot().slotNotice).toBeUndefined();
  });

  it("a purchase whose expired hold was taken goes back to the slot step with the next ones", async () => {
    const { flow, api } = setup();
    await walkToSlot(flow);
    await flow.settled();
    await flow.holdSlot({ date: "2026-11-24", slot: "morning" });
    flow.confirmSlot();
    api.shop.purchaseLead.mockRejectedValueOnce(httpFailure(409, TAKEN));
    await expect(flow.purchase()).rejects.toMatchObject({ reason: "order.slot.taken" });
    expect(flow.getSnapshot()).toMatchObject({ step: "slot", slotNotice: "taken" });
    await flow.settled();
    expect(api.shop.listInstallationSlots).toHaveBeenCalledTimes(2);
    await flow.holdSlot({ date: "2026-11-25", slot: "morning" });
    flow.confirmSlot();
    api.shop.purchaseLead.mockResolvedValueOnce({
      success: true,
      statusCode: 200,
      data: {
        leadId: "l",
        orderNumber: "SF2611210002",
        status: "submitted",
        submittedAt: "2026-11-21T06:20:00.000Z",
        order: orderOf("fibre-500", {
          installationDate: "2026-11-25",
          installationSlot: "morning",
        }),
      },
    } as never);
    await flow.purchase();
    expect(flow.getSnapshot()).toMatchObject({
      step: "submitted",
      order: { installationDate: "2026-11-25", installationSlot: "morning" },
    });
  });

  it("an address with no slot to offer goes on without one", async () => {
    const { flow, api } = setup();
    api.shop.listInstallationSlots.mockResolvedValue({
      success: true,
      statusCode: 200,
      data: { area: "Perlis", leadTimeDays: 3, slots: [] },
    } as never);
    await walkToSlot(flow);
    await flow.settled();
    flow.confirmSlot();
    expect(flow.getSnapshot().step).toBe("review");
    expect(flow.getSnapshot().slotHold).toBeUndefined();
  });

  it("a failed load is not retried by itself; Try again loads", async () => {
    const { flow, api } = setup();
    api.shop.listInstallationSlots.mockRejectedValueOnce(httpFailure(503, { statusCode: 503 }));
    await walkToSlot(flow);
    await flow.settled();
    expect(flow.getSnapshot().errors.loadSlots).toMatchObject({ statusCode: 503 });
    expect(dueLoads(flow.getSnapshot())).toEqual([]);
    await flow.loadSlots();
    expect(slotsOf(flow)).toHaveLength(3);
    expect(api.shop.listInstallationSlots).toHaveBeenCalledTimes(2);
  });
});

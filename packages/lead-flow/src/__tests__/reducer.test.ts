import { describe, expect, it } from "vitest";
import {
  initialState,
  isSessionEnded,
  leadFlowReducer,
  toSavedJourney,
  type LeadFlowEvent,
  type LeadFlowState,
} from "../index.js";
import { ADDRESS, offersOf, orderOf, SLOTS } from "./fakes.js";

const HOLD = {
  date: "2026-11-24",
  slot: "morning",
  from: "09:00",
  to: "13:00",
  heldUntil: "2026-11-21T06:10:00.000Z",
  confirmed: false,
} as const;

const start = () => initialState("fibre", "bm", true);
const run = (state: LeadFlowState, ...events: LeadFlowEvent[]) =>
  events.reduce(leadFlowReducer, state);
const payload = { postalCode: "50450", residenceType: 1 as const };
const covered = { platform: "fibre" as const, covered: true, networks: [] };
const t0 = Date.parse("2026-11-21T06:00:00Z");

describe("leadFlowReducer", () => {
  it("starts at the start step, nothing loading", () => {
    const state = start();
    expect(state.step).toBe("start");
    expect(Object.values(state.loading).every((v) => !v)).toBe(true);
    expect(state.hasToken).toBe(false);
  });

  it("tracks loading and errors per operation", () => {
    const error = { code: "request-failed" as const, message: "Network Error" };
    let state = run(start(), { type: "started", operation: "searchAddress" });
    expect(state.loading.searchAddress).toBe(true);
    state = run(state, { type: "failed", operation: "searchAddress", error });
    expect(state.loading.searchAddress).toBe(false);
    expect(state.errors.searchAddress).toEqual(error);
    state = run(state, { type: "started", operation: "searchAddress" });
    expect(state.errors.searchAddress).toBeUndefined();
  });

  it("walks the whole journey", () => {
    const steps: string[] = [];
    const order = orderOf("fibre-100");
    const events: LeadFlowEvent[] = [
      { type: "leadGenerated", leadId: "lead-1" },
      { type: "addressesFound", payload, addresses: [] },
      { type: "coverageChecked", payload, coverage: covered },
      { type: "addressRecorded", address: ADDRESS },
      { type: "offersLoaded", offers: offersOf(), language: "en" },
      { type: "orderUpdated", order },
      { type: "packageConfirmed" },
      { type: "leadUpdated", order },
      { type: "otpSent", phoneNumber: "+60123456789", code: "ref", sentAt: t0, now: t0 },
      { type: "otpVerified" },
      { type: "consentGiven", language: "en" },
      { type: "uploadStarted", uploadId: "u1", name: "ic.pdf", size: 10 },
      { type: "uploadSigned", uploadId: "u1", documentId: "d1" },
      { type: "uploadProgressed", uploadId: "u1", loaded: 5 },
      {
        type: "uploadFinished",
        uploadId: "u1",
        document: { documentId: "d1", extension: "pdf", name: "ic.pdf", title: "IC" },
      },
      { type: "documentsFinished" },
      { type: "slotConfirmed" },
      { type: "slotsLoaded", slots: SLOTS },
      { type: "slotConfirmed" },
      { type: "slotHeld", hold: HOLD },
      { type: "slotConfirmed" },
      { type: "purchased", orderNumber: "SF2611210001", submittedAt: "x", order },
    ];
    let state = start();
    for (const event of events) {
      state = leadFlowReducer(state, event);
      steps.push(state.step);
    }
    expect(steps).toEqual([
      "address",
      "address",
      "address",
      "package",
      "package",
      "package",
      "details",
      "otp",
      "otp",
      "consent",
      "documents",
      "documents",
      "documents",
      "documents",
      "documents",
      "slot",
      // No slot held yet: Continue stays.
      "slot",
      "slot",
      "slot",
      "slot",
      "review",
      "submitted",
    ]);
    expect(state.slotHold).toEqual(HOLD);
    expect(state.leadId).toBe("lead-1");
    expect(state.address).toEqual(ADDRESS);
    expect(state.selection).toEqual({ packageId: "fibre-100", addOnIds: [] });
    expect(state.order).toEqual(order);
    expect(state.otp.verified).toBe(true);
    expect(state.consent).toEqual({ language: "en" });
    expect(state.documents).toHaveLength(1);
    expect(state.uploads[0]).toMatchObject({ status: "done", loaded: 10, documentId: "d1" });
    expect(state.orderNumber).toBe("SF2611210001");
  });

  it("stays on the address step when the address is not covered", () => {
    const state = run(
      start(),
      { type: "leadGenerated", leadId: "l" },
      { type: "started", operation: "selectAddress" },
      { type: "coverageChecked", payload, coverage: { ...covered, covered: false } },
      { type: "addressNotCovered" },
    );
    expect(state.step).toBe("address");
    expect(state.coverage?.covered).toBe(false);
    expect(state.loading.selectAddress).toBe(false);
    expect(state.address).toBeUndefined();
  });

  it("keeps the link's plan and packs as the choice, as far as the address can get them", () => {
    let state = run(
      start(),
      {
        type: "begun",
        origin: { packageId: "fibre-1000", addOnIds: ["sports-pack", "gone-pack"] },
      },
      { type: "leadGenerated", leadId: "l" },
    );
    expect(state.selection).toEqual({
      packageId: "fibre-1000",
      addOnIds: ["sports-pack", "gone-pack"],
    });
    state = run(
      state,
      { type: "addressRecorded", address: ADDRESS },
      { type: "offersLoaded", offers: offersOf(), language: "bm" },
    );
    // 1 Gbps is not offered at a 100 Mbps address; an unknown pack is dropped.
    expect(state.selection).toEqual({ addOnIds: ["sports-pack"] });
    expect(state.origin.packageId).toBe("fibre-1000");
    expect(state.offersLanguage).toBe("bm");
  });

  it("needs an order to go past the package step, and returns to where the visitor was", () => {
    let state = run(
      start(),
      { type: "leadGenerated", leadId: "l" },
      { type: "addressRecorded", address: ADDRESS },
    );
    expect(run(state, { type: "packageConfirmed" })).toBe(state);
    state = run(
      state,
      { type: "orderUpdated", order: orderOf("fibre-100") },
      { type: "packageConfirmed" },
      { type: "leadUpdated" },
      { type: "otpVerified" },
      { type: "consentGiven", language: "bm" },
    );
    expect(state.step).toBe("documents");
    state = run(state, { type: "stepSelected", step: "package" });
    expect(state.step).toBe("package");
    state = run(
      state,
      { type: "orderUpdated", order: orderOf("fibre-500") },
      { type: "packageConfirmed" },
    );
    expect(state.step).toBe("documents");
    expect(state.selection.packageId).toBe("fibre-500");
  });

  it("brings the package step back when a new address loses the order", () => {
    let state = run(
      start(),
      { type: "leadGenerated", leadId: "l" },
      { type: "addressRecorded", address: ADDRESS },
      { type: "orderUpdated", order: orderOf("fibre-500") },
      { type: "packageConfirmed" },
      { type: "leadUpdated", order: orderOf("fibre-500") },
    );
    expect(state.step).toBe("otp");
    state = run(state, { type: "addressRecorded", address: { ...ADDRESS, postalCode: "34000" } });
    expect(state.step).toBe("package");
    expect(state.order).toBeUndefined();
    expect(state.orderNotice).toBe("address-changed");
    expect(state.offers).toBeUndefined();
    // Not past the package step until a plan is recorded again.
    expect(run(state, { type: "stepSelected", step: "otp" })).toBe(state);
    state = run(state, { type: "orderUpdated", order: orderOf("fibre-100") });
    expect(state.orderNotice).toBeUndefined();
    state = run(state, { type: "packageConfirmed" });
    expect(state.step).toBe("otp");
    // An address the plan still fits keeps the order and the step.
    const kept = run(state, {
      type: "addressRecorded",
      address: ADDRESS,
      order: orderOf("fibre-100"),
    });
    expect(kept.step).toBe("otp");
    expect(kept.order?.packageId).toBe("fibre-100");
  });

  it("starts a new journey after a submitted one, and starts again keeping what was typed", () => {
    const submitted = run(
      start(),
      { type: "begun", origin: { referralCode: "SURIA8K2Q" } },
      { type: "leadGenerated", leadId: "l" },
      { type: "coverageChecked", payload, coverage: covered },
      { type: "addressRecorded", address: ADDRESS },
      { type: "orderUpdated", order: orderOf("fibre-100") },
      { type: "purchased", orderNumber: "SF1", submittedAt: "x", order: orderOf("fibre-100") },
    );
    const next = run(submitted, { type: "begun", origin: { packageId: "fibre-300" } });
    expect(next.step).toBe("start");
    expect(next.orderNumber).toBeUndefined();
    expect(next.selection).toEqual({ packageId: "fibre-300", addOnIds: [] });
    const again = run(
      start(),
      { type: "begun", origin: { packageId: "fibre-500" } },
      { type: "leadGenerated", leadId: "l" },
      { type: "addressesFound", payload, addresses: [] },
      { type: "tokenLost" },
      { type: "restarted" },
    );
    expect(again).toMatchObject({
      step: "start",
      hasToken: false,
      searchPayload: payload,
      origin: { packageId: "fibre-500" },
      selection: { packageId: "fibre-500", addOnIds: [] },
    });
    expect(again.leadId).toBeUndefined();
  });

  it("never rewinds when an earlier call is redone, and goTo stays within reach", () => {
    let state = run(
      start(),
      { type: "leadGenerated", leadId: "l" },
      { type: "addressRecorded", address: ADDRESS },
      { type: "orderUpdated", order: orderOf("fibre-100") },
      { type: "packageConfirmed" },
      { type: "leadUpdated" },
    );
    expect(state.step).toBe("otp");
    state = run(state, { type: "coverageChecked", payload, coverage: covered });
    expect(state.step).toBe("otp");
    state = run(state, { type: "stepSelected", step: "details" });
    expect(state.step).toBe("details");
    expect(state.furthestStep).toBe("otp");
    state = run(state, { type: "stepSelected", step: "otp" });
    expect(state.step).toBe("otp");
    expect(run(state, { type: "stepSelected", step: "documents" })).toBe(state);
    expect(run(state, { type: "stepSelected", step: "start" })).toBe(state);
  });

  it("keeps lead-update flags until an update succeeds", () => {
    const flags = {
      isPhoneNumberInValid: true,
      isAlternateNumberInValid: false,
      isEmailInValid: false,
      isErrorNotInCoverage: false,
    };
    const error = { code: "lead-update-rejected" as const, message: "refused", flags };
    let state = run(start(), { type: "started", operation: "updateLead" });
    state = run(state, { type: "leadUpdateRejected", flags, error });
    expect(state.leadUpdateFlags).toEqual(flags);
    expect(state.errors.updateLead).toEqual(error);
    expect(state.loading.updateLead).toBe(false);
    state = run(state, { type: "leadUpdated" });
    expect(state.leadUpdateFlags).toBeUndefined();
    expect(state.errors.updateLead).toBeUndefined();
  });

  it("counts the OTP resend seconds down on ticks, and ignores ticks that change nothing", () => {
    let state = run(start(), {
      type: "otpSent",
      phoneNumber: "+60123456789",
      code: "ref",
      sentAt: t0,
      now: t0,
    });
    expect(state.otp.resendSeconds).toBe(180);
    state = run(state, { type: "ticked", now: t0 + 1000 });
    expect(state.otp.resendSeconds).toBe(179);
    expect(run(state, { type: "ticked", now: t0 + 1500 })).toBe(state);
    expect(run(state, { type: "ticked", now: t0 + 180_000 }).otp.resendSeconds).toBe(0);
  });

  it("restores a saved journey, or starts over without a token", () => {
    const walked = run(
      start(),
      { type: "begun", origin: { packageId: "fibre-100" } },
      { type: "leadGenerated", leadId: "l" },
      { type: "coverageChecked", payload, coverage: covered },
      { type: "addressRecorded", address: ADDRESS },
      { type: "orderUpdated", order: orderOf("fibre-100") },
      { type: "packageConfirmed" },
      { type: "leadUpdated" },
      { type: "otpSent", phoneNumber: "+60123456789", code: "ref", sentAt: t0, now: t0 },
    );
    const saved = JSON.parse(JSON.stringify(toSavedJourney(walked)));
    const restored = run(start(), { type: "restored", saved, hasToken: true, now: t0 + 60_000 });
    expect(restored.step).toBe("otp");
    expect(restored.leadId).toBe("l");
    expect(restored.order).toEqual(orderOf("fibre-100"));
    expect(restored.address).toEqual(ADDRESS);
    expect(restored.otp).toMatchObject({
      phoneNumber: "+60123456789",
      code: "ref",
      resendSeconds: 120,
    });
    expect(isSessionEnded(restored)).toBe(false);
    // Without the token: the journey as it was, its session ended; starting again keeps the
    // origin and the choice, not the lead.
    const lost = run(start(), { type: "restored", saved, hasToken: false, now: t0 });
    expect(lost).toMatchObject({ step: "otp", hasToken: false, leadId: "l", restored: true });
    expect(isSessionEnded(lost)).toBe(true);
    const again = run(lost, { type: "restarted" });
    expect(isSessionEnded(again)).toBe(false);
    expect(again).toMatchObject({ step: "start", origin: { packageId: "fibre-100" } });
    expect(again.selection.packageId).toBe("fibre-100");
    expect(again.leadId).toBeUndefined();
    expect(again.order).toBeUndefined();
  });

  it("records upload failures and deletes", () => {
    const error = { code: "upload-failed" as const, message: "Upload failed with status 415" };
    let state = run(
      start(),
      { type: "uploadStarted", uploadId: "u1", name: "a.pdf", size: 3 },
      { type: "uploadStarted", uploadId: "u2", name: "b.pdf", size: 3 },
      { type: "uploadFailed", uploadId: "u1", error },
    );
    expect(state.loading.uploadDocument).toBe(true);
    expect(state.errors.uploadDocument).toEqual(error);
    state = run(state, {
      type: "uploadFinished",
      uploadId: "u2",
      document: { documentId: "d2", extension: "pdf", name: "b.pdf", title: "b" },
    });
    expect(state.loading.uploadDocument).toBe(false);
    state = run(state, { type: "documentDeleted", documentId: "d2" });
    expect(state.documents).toEqual([]);
  });

  it("records the entitled-fibre result", () => {
    const error = { code: "entitled-rejected" as const, message: "SMC", entitledCode: "X" };
    expect(run(start(), { type: "entitledRejected", errorCode: "X", error }).entitled).toEqual({
      status: "rejected",
      errorCode: "X",
    });
    const data = { accountNumber: "1", smartCardNumber: "*", entitled: true, claimed: false };
    const claim = { claimId: "c", reference: "SFC-7K2Q-9M4X", claimedAt: "t" };
    const checked = run(start(), { type: "entitledChecked", data });
    expect(checked.entitled).toEqual({ status: "entitled", data });
    expect(run(checked, { type: "entitlementClaimed", claim }).entitled).toEqual({
      status: "entitled",
      data,
      claim,
    });
  });

  it("changes language, loses the token, and resets", () => {
    let state = run(start(), { type: "leadGenerated", leadId: "l" });
    state = run(state, { type: "languageChanged", language: "en" });
    expect(state.language).toBe("en");
    expect(run(state, { type: "languageChanged", language: "en" })).toBe(state);
    expect(run(state, { type: "tokenLost" }).hasToken).toBe(false);
    const reset = run(state, { type: "reset" });
    expect(reset).toEqual({ ...start(), language: "en" });
  });

  it("throws on an unknown event", () => {
    expect(() => leadFlowReducer(start(), { type: "nope" } as never)).toThrow("Unhandled");
  });
});

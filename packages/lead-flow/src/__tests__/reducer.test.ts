import { describe, expect, it } from "vitest";
import {
  initialState,
  leadFlowReducer,
  toSavedJourney,
  type LeadFlowEvent,
  type LeadFlowState,
} from "../index.js";

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
    const events: LeadFlowEvent[] = [
      { type: "leadGenerated", leadId: "lead-1" },
      { type: "addressesFound", payload, addresses: [] },
      { type: "coverageChecked", payload, coverage: covered },
      { type: "leadUpdated" },
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
      { type: "orderUpdated" },
      { type: "purchased", orderNumber: "SF2611210001" },
    ];
    let state = start();
    for (const event of events) {
      state = leadFlowReducer(state, event);
      steps.push(state.step);
    }
    expect(steps).toEqual([
      "address",
      "address",
      "details",
      "otp",
      "otp",
      "consent",
      "documents",
      "documents",
      "documents",
      "documents",
      "documents",
      "order",
      "submitted",
    ]);
    expect(state.leadId).toBe("lead-1");
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
      { type: "coverageChecked", payload, coverage: { ...covered, covered: false } },
    );
    expect(state.step).toBe("address");
    expect(state.coverage?.covered).toBe(false);
  });

  it("never rewinds when an earlier call is redone, and goTo stays within reach", () => {
    let state = run(
      start(),
      { type: "leadGenerated", leadId: "l" },
      { type: "coverageChecked", payload, coverage: covered },
      { type: "leadUpdated" },
    );
    expect(state.step).toBe("otp");
    state = run(state, { type: "coverageChecked", payload, coverage: covered });
    expect(state.step).toBe("otp");
    state = run(state, { type: "stepSelected", step: "address" });
    expect(state.step).toBe("address");
    expect(state.furthestStep).toBe("otp");
    state = run(state, { type: "stepSelected", step: "otp" });
    expect(state.step).toBe("otp");
    expect(run(state, { type: "stepSelected", step: "documents" })).toBe(state);
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
      { type: "leadGenerated", leadId: "l" },
      { type: "coverageChecked", payload, coverage: covered },
      { type: "leadUpdated" },
      { type: "otpSent", phoneNumber: "+60123456789", code: "ref", sentAt: t0, now: t0 },
    );
    const saved = JSON.parse(JSON.stringify(toSavedJourney(walked)));
    const restored = run(start(), { type: "restored", saved, hasToken: true, now: t0 + 60_000 });
    expect(restored.step).toBe("otp");
    expect(restored.leadId).toBe("l");
    expect(restored.otp).toMatchObject({
      phoneNumber: "+60123456789",
      code: "ref",
      resendSeconds: 120,
    });
    const lost = run(start(), { type: "restored", saved, hasToken: false, now: t0 });
    expect(lost.step).toBe("start");
    expect(lost.hasToken).toBe(false);
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
    expect(run(start(), { type: "entitledChecked", data: { ok: 1 } }).entitled.status).toBe(
      "entitled",
    );
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

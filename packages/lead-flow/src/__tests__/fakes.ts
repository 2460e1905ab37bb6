import { vi } from "vitest";
import type { Clock, LeadApi } from "../index.js";

/** A clock whose time only moves when the test says so; timers fire in order on advance. */
export function createFakeClock(start = Date.parse("2026-11-21T06:00:00Z")) {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: Clock & { advance(ms: number): void; readonly pending: number } = {
    now: () => now,
    setTimeout(callback, ms) {
      timers.set(++nextId, { at: now + ms, callback });
      return nextId;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const target = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= target)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = target;
    },
    get pending() {
      return timers.size;
    },
  };
  return clock;
}

const ok = <T>(data: T) => Promise.resolve({ success: true as const, statusCode: 200, data });

/** A LeadApi whose every method is a vi.fn answering a plausible success. */
export function createFakeApi() {
  const api = {
    address: {
      greenfieldSearch: vi.fn(() =>
        ok([
          {
            addressId: "KL-50450-000123",
            residenceType: 2,
            streetName: "Jalan Ampang",
            postalCode: "50450",
            city: "Kuala Lumpur",
            state: "Wilayah Persekutuan Kuala Lumpur",
            formatted: "Jalan Ampang, 50450 Kuala Lumpur",
          },
        ]),
      ),
      checkIspCoverage: vi.fn(() =>
        ok({
          platform: "fibre",
          covered: true,
          networks: [{ network: "Rangkai Gentian", technology: "FTTH", maxSpeedMbps: 1000 }],
        }),
      ),
    },
    shop: {
      generateSbbLead: vi.fn(() =>
        ok({ leadId: "3f1c1d2e-0000-4000-8000-000000000001", token: "jwt.lead.token" }),
      ),
      updateSbbLead: vi.fn(() => ok({ leadId: "3f1c1d2e-0000-4000-8000-000000000001" })),
      updateSbbOrder: vi.fn(() => ok({ packageId: "fibre-300-combo", addOnIds: [] })),
      purchaseLead: vi.fn(() =>
        ok({ leadId: "l", orderNumber: "SF2611210001", status: "submitted", submittedAt: "x" }),
      ),
      generateSignedUrl: vi.fn(() =>
        ok({
          signedUploadUrl: "http://localhost:4000/uploads/doc-1?sig=abc",
          documentId: "doc-1",
          extension: "pdf",
          expiresAt: "2026-11-21T06:15:00Z",
        }),
      ),
      deleteDocument: vi.fn(() => ok({ documentId: "doc-1", extension: "pdf", deleted: true })),
      generateOtp: vi.fn(() => ok({ code: "ref-00000001", expiresIn: 600, resendAfter: 180 })),
      verifyOtp: vi.fn(() => ok({ verified: true, attemptsLeft: 5 })),
      submitConsent: vi.fn(() => ok({ consentId: "c", language: "bm" })),
      registerInterest: vi.fn(() => ok({ interestId: "i", createdAt: "x" })),
    },
    content: {
      getEntitledAstroFibre: vi.fn(() => ok({ entitled: true })),
      claimEntitledAstroFibre: vi.fn(() => ok({ claimed: true })),
    },
  };
  const calls = () =>
    Object.values(api)
      .flatMap((service) => Object.values(service))
      .reduce((sum, fn) => sum + fn.mock.calls.length, 0);
  return { api, leadApi: api as unknown as LeadApi, calls };
}

/** A failure as @portal/api-client throws it. */
export function httpFailure(statusCode: number, body: unknown) {
  return Object.assign(new Error(`failed with status ${statusCode}`), {
    success: false,
    statusCode,
    error: body,
  });
}

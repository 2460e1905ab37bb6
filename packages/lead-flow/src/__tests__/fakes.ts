import { vi } from "vitest";
import type { Clock, InstallationSlots, LeadApi } from "../index.js";

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
      greenfieldSearch: vi.fn(() => ok([ADDRESS])),
      checkIspCoverage: vi.fn(() =>
        ok({
          platform: "fibre",
          covered: true,
          address: ADDRESS,
          networks: [{ network: "Rangkai Gentian", technology: "FTTH", maxSpeedMbps: 1000 }],
        }),
      ),
    },
    shop: {
      generateSbbLead: vi.fn(() =>
        ok({ leadId: "3f1c1d2e-0000-4000-8000-000000000001", token: "jwt.lead.token" }),
      ),
      updateSbbLead: vi.fn((body: { address?: unknown }) =>
        ok({
          leadId: "3f1c1d2e-0000-4000-8000-000000000001",
          ...(body?.address ? { address: ADDRESS } : {}),
        }),
      ),
      getSbbOffers: vi.fn(() => ok(offersOf(["fibre-100", "fibre-500"]))),
      updateSbbOrder: vi.fn(
        (body: { packageId: string; addOnIds?: string[]; referralCode?: string }) =>
          ok(
            orderOf(body.packageId, {
              addOnIds: body.addOnIds ?? [],
              ...(body.referralCode ? { referralCode: body.referralCode } : {}),
            }),
          ),
      ),
      purchaseLead: vi.fn(() =>
        ok({
          leadId: "l",
          orderNumber: "SF2611210001",
          status: "submitted",
          submittedAt: "2026-11-21T06:10:00.000Z",
          order: orderOf(),
        }),
      ),
      listInstallationSlots: vi.fn(() => ok(SLOTS)),
      holdInstallationSlot: vi.fn((body: { date: string; slot: "morning" | "afternoon" }) =>
        ok({
          ...body,
          ...(body.slot === "morning"
            ? { from: "09:00", to: "13:00" }
            : { from: "14:00", to: "18:00" }),
          heldUntil: "2026-11-21T06:10:00.000Z",
          confirmed: false,
        }),
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
      getEntitledAstroFibre: vi.fn(() =>
        ok({
          accountNumber: "1000234567",
          smartCardNumber: "****1234",
          entitled: true,
          claimed: false,
        }),
      ),
      claimEntitledAstroFibre: vi.fn(() =>
        ok({
          claimId: "7d1c1d2e-0000-4000-8000-000000000009",
          reference: "SFC-7K2Q-9M4X",
          claimedAt: "2026-11-21T06:00:00Z",
        }),
      ),
      getReferralInfo: vi.fn((input: { code: string }) =>
        ok({
          code: input.code,
          status: "active",
          referrerName: "Aminah Y.",
          product: "fibre",
          reward: { title: "RM50 rebate", description: "RM50 off your first bill." },
          validUntil: "2027-12-31",
        }),
      ),
    },
  };
  const calls = () =>
    Object.values(api)
      .flatMap((service) => Object.values(service))
      .reduce((sum, fn) => sum + fn.mock.calls.length, 0);
  return { api, leadApi: api as unknown as LeadApi, calls };
}

/** The slots of the fake shop: two days, both windows. */
export const SLOTS: InstallationSlots = {
  area: "Selangor",
  leadTimeDays: 2,
  slots: [
    { date: "2026-11-24", slot: "morning", from: "09:00", to: "13:00", remaining: 8 },
    { date: "2026-11-24", slot: "afternoon", from: "14:00", to: "18:00", remaining: 1 },
    { date: "2026-11-25", slot: "morning", from: "09:00", to: "13:00", remaining: 8 },
  ],
};

/** A failure as @portal/api-client throws it. */
export function httpFailure(statusCode: number, body: unknown) {
  return Object.assign(new Error(`failed with status ${statusCode}`), {
    success: false,
    statusCode,
    error: body,
  });
}

/** A register address (the shape of greenfield-search and the lead's address). */
export const ADDRESS = {
  addressId: "SGR-47301-000001",
  residenceType: 1 as const,
  houseNumber: "2",
  streetType: "Jalan",
  streetName: "SS 7/26",
  postalCode: "47301",
  city: "Petaling Jaya",
  state: "Selangor" as const,
  formatted: "2, Jalan SS 7/26, Kelana Jaya, 47301 Petaling Jaya, Selangor",
};

/** A price with a 6-month promotion. */
export const PROMO_PRICE = {
  regularMonthlyRm: 169,
  periods: [
    { fromMonth: 1, toMonth: 6, monthlyRm: 129 },
    { fromMonth: 7, monthlyRm: 169 },
  ],
  installationFeeRm: 0,
  campaignIds: ["year-end-fibre-deal"],
};

/** An order as update-sbb-order answers it. */
export function orderOf(packageId = "fibre-500", extra: Record<string, unknown> = {}) {
  return {
    packageId,
    addOnIds: [] as string[],
    speedMbps: 500,
    contractMonths: 24,
    items: [{ id: packageId, kind: "plan" as const, price: PROMO_PRICE }],
    price: PROMO_PRICE,
    pricedOn: "2026-11-21",
    updatedAt: "2026-11-21T06:00:00.000Z",
    ...extra,
  };
}

/** Offers at an address that gets up to 100 Mbps. */
export function offersOf(plans: string[] = ["fibre-100"]) {
  const flat = (rm: number) => ({
    regularMonthlyRm: rm,
    periods: [{ fromMonth: 1, monthlyRm: rm }],
    installationFeeRm: 0,
    campaignIds: [],
  });
  return {
    product: "fibre" as const,
    pricedOn: "2026-11-21",
    address: ADDRESS,
    maxSpeedMbps: 100,
    networks: [{ network: "TeraLink", technology: "VDSL" as const, maxSpeedMbps: 100 }],
    plans: plans.map((id) => ({
      id,
      kind: "combo" as const,
      name: id,
      tagline: "t",
      speedMbps: 100,
      contractMonths: 24,
      includedPackIds: [],
      highlights: [],
      recommended: false,
      price: flat(89),
    })),
    unavailablePlans: [
      {
        id: "fibre-1000",
        kind: "combo" as const,
        name: "1Gbps",
        speedMbps: 1000,
        reason: "order.plan.tooFast" as const,
      },
    ],
    addOns: [{ id: "sports-pack", name: "Sports Pack", price: flat(40) }],
  };
}

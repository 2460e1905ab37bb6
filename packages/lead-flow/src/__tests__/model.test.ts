import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canGoTo,
  createLeadFlow,
  createMemoryStorage,
  STEPS,
  type Address,
  type LeadApi,
  type LeadFlow,
  type SearchDraft,
  type Step,
} from "../index.js";
import { createFakeClock } from "./fakes.js";

// A model-based test of the sign-up flow (issue 20): fast-check walks random sequences of entries
// (each kind of link), restores (a reload), typing, searches, plan choices, Continue, language
// switches and back/forward over a stateful fake of the services, and after every command checks:
//  - a selected plan the address can get is always priced (the order has it), once settled;
//  - Continue with a selected, available plan proceeds to the details (or back to the review);
//  - what the visitor typed never reverts (a restore, a link, a new lead keep it);
//  - the flow never holds two leads (one lead created at a time; the saved token is the lead's).

const SPEED: Record<string, number> = { "47301": 1000, "34000": 100, "45000": 0 };
const PLANS = [
  { id: "fibre-100", speed: 100, rm: 89 },
  { id: "fibre-500", speed: 500, rm: 169 },
  { id: "fibre-1000", speed: 1000, rm: 229 },
];
const REFERRALS = new Set(["SURIA8K2Q"]);

/** The services as far as the journey goes, with their rules: speeds, orders, one token per lead. */
function createServices() {
  let leads = 0;
  let creating = 0;
  let overlapping = 0;
  const orders = new Map<string, { packageId: string; addOnIds: string[] } | undefined>();
  const addressOf = new Map<string, Address>();
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const fail = (statusCode: number, error: unknown) =>
    Promise.reject(Object.assign(new Error(`status ${statusCode}`), { statusCode, error }));
  const address = (postalCode: string): Address => ({
    addressId: `A-${postalCode}`,
    residenceType: 1,
    houseNumber: "2",
    streetType: "Jalan",
    streetName: "Satu",
    postalCode,
    city: "Petaling Jaya",
    state: "Selangor",
    formatted: `2, Jalan Satu, ${postalCode} Petaling Jaya, Selangor`,
  });
  const price = (rm: number) => ({
    regularMonthlyRm: rm,
    periods: [{ fromMonth: 1, monthlyRm: rm }],
    installationFeeRm: 0,
    campaignIds: [],
  });
  const priced = (token: string, body: { packageId: string; addOnIds?: string[] }) => {
    const plan = PLANS.find((p) => p.id === body.packageId)!;
    orders.set(token, { packageId: body.packageId, addOnIds: body.addOnIds ?? [] });
    return {
      packageId: body.packageId,
      addOnIds: body.addOnIds ?? [],
      speedMbps: plan.speed,
      contractMonths: 24,
      items: [],
      price: price(plan.rm + 40 * (body.addOnIds?.length ?? 0)),
      pricedOn: "2026-11-27",
      updatedAt: "2026-11-27T00:00:00.000Z",
    };
  };
  const speedOf = (token: string) => SPEED[addressOf.get(token)?.postalCode ?? ""] ?? 0;
  const ok = <T>(data: T) => ({ success: true as const, statusCode: 200, data });

  const api = {
    address: {
      async greenfieldSearch(payload: { postalCode: string }) {
        await tick();
        return ok(payload.postalCode in SPEED ? [address(payload.postalCode)] : []);
      },
      async checkIspCoverage(payload: { postalCode: string }) {
        await tick();
        const speed = SPEED[payload.postalCode] ?? 0;
        return ok({
          platform: "fibre",
          covered: speed > 0,
          address: address(payload.postalCode),
          networks: speed > 0 ? [{ network: "N", technology: "FTTH", maxSpeedMbps: speed }] : [],
        });
      },
    },
    shop: {
      async generateSbbLead() {
        creating += 1;
        if (creating > 1) overlapping += 1;
        await tick();
        creating -= 1;
        leads += 1;
        return ok({ leadId: `lead-${leads}`, token: `token-${leads}` });
      },
      async updateSbbLead(body: { address?: { addressId: string } }, { token }: { token: string }) {
        await tick();
        if (body.address) {
          addressOf.set(token, address(body.address.addressId.slice(2)));
          const order = orders.get(token);
          const plan = PLANS.find((p) => p.id === order?.packageId);
          // The new address cannot get the ordered plan: the order goes.
          if (plan && plan.speed > speedOf(token)) orders.set(token, undefined);
        }
        const order = orders.get(token);
        return ok({
          leadId: token.replace("token", "lead"),
          ...(body.address ? { address: addressOf.get(token) } : {}),
          ...(order ? { order: priced(token, order) } : {}),
        });
      },
      async getSbbOffers(_query: unknown, { token }: { token: string }) {
        await tick();
        const speed = speedOf(token);
        return ok({
          product: "fibre",
          pricedOn: "2026-11-27",
          address: addressOf.get(token),
          maxSpeedMbps: speed,
          networks: [],
          plans: PLANS.filter((p) => p.speed <= speed).map((p) => ({
            id: p.id,
            kind: "combo",
            name: p.id,
            speedMbps: p.speed,
            contractMonths: 24,
            includedPackIds: [],
            highlights: [],
            recommended: false,
            price: price(p.rm),
          })),
          unavailablePlans: PLANS.filter((p) => p.speed > speed).map((p) => ({
            id: p.id,
            kind: "combo",
            name: p.id,
            speedMbps: p.speed,
            reason: "order.plan.tooFast",
          })),
          addOns: [{ id: "sports-pack", name: "Sports Pack", price: price(40) }],
        });
      },
      async updateSbbOrder(
        body: { packageId: string; addOnIds?: string[] },
        { token }: { token: string },
      ) {
        await tick();
        const plan = PLANS.find((p) => p.id === body.packageId);
        if (!plan || plan.speed > speedOf(token)) {
          return fail(400, { code: "order.plan.tooFast", field: "packageId" });
        }
        return ok(priced(token, body));
      },
    },
    content: {
      async getReferralInfo({ code }: { code: string }) {
        await tick();
        if (!REFERRALS.has(code)) return fail(404, { code: "referral.notFound" });
        return ok({
          code,
          status: "active",
          referrerName: "Aminah Y.",
          product: "fibre",
          reward: { title: "RM50 rebate", description: "RM50 off" },
          validUntil: "2027-12-31",
        });
      },
    },
  };
  return {
    api: api as unknown as LeadApi,
    leads: () => leads,
    overlapping: () => overlapping,
  };
}

/** What the test knows: the visitor's last typed value of each search field. */
interface Model {
  typed: Partial<SearchDraft>;
  entry: string;
}

interface Real {
  flow: LeadFlow;
  make: (entry: string) => LeadFlow;
  services: ReturnType<typeof createServices>;
}

const ENTRIES = [
  "",
  "?package=fibre-100",
  "?package=fibre-500",
  "?package=fibre-1000",
  "?package=fibre-500&addOn=sports-pack",
  "?addOn=sports-pack",
  "?referral=suria8k2q",
  "?referral=NOSUCH1",
  "?postcode=47301",
  "?package=fibre-500&referral=SURIA8K2Q",
];

async function checkInvariants(real: Real, model: Model): Promise<void> {
  await real.flow.settled();
  const state = real.flow.getSnapshot();
  // What the visitor typed never reverts.
  expect(state.drafts.search).toMatchObject(model.typed);
  // One lead at a time, and the saved token is the flow's lead.
  expect(real.services.overlapping()).toBe(0);
  if (state.leadId) expect(state.leadId).toBe(`lead-${real.services.leads()}`);
  // A selected plan the address can get is priced.
  const plan = state.offers?.plans.find((p) => p.id === state.selection.packageId);
  if (plan && state.hasToken && !state.errors.updateOrder && !state.errors.loadOffers) {
    expect(state.order?.packageId).toBe(plan.id);
    expect(state.order?.price.regularMonthlyRm).toBeGreaterThan(0);
  }
}

type Command = fc.AsyncCommand<Model, Real>;
const command = (
  name: string,
  run: (model: Model, real: Real) => Promise<void>,
  check: (model: Readonly<Model>) => boolean = () => true,
): Command => ({
  check,
  async run(model, real) {
    await run(model, real);
    await checkInvariants(real, model);
  },
  toString: () => name,
});

const enter = fc.constantFrom(...ENTRIES).map((entry) =>
  command(`enter(${entry})`, async (model, real) => {
    real.flow.enter(entry);
    if (entry.includes("postcode=")) model.typed.postalCode = "47301";
    model.entry = entry;
  }),
);
const reload = fc.constant(
  command("reload", async (model, real) => {
    real.flow.destroy();
    real.flow = real.make(model.entry);
  }),
);
const type = fc
  .tuple(fc.constantFrom("postalCode", "residenceType", "city"), fc.nat(3))
  .map(([field, n]) => {
    const values: Record<string, string[]> = {
      postalCode: ["47301", "34000", "45000", "4730"],
      residenceType: ["landed", "multiStorey", "landed", ""],
      city: ["Petaling Jaya", "", "Ipoh", "Shah Alam"],
    };
    const value = values[field]![n]!;
    return command(`type(${field}=${value})`, async (model, real) => {
      real.flow.edit("search", { [field]: value });
      model.typed[field as keyof SearchDraft] = value;
    });
  });
const search = fc.constantFrom("47301", "34000", "45000", "").map((postcode) =>
  command(`search(${postcode || "as typed"})`, async (model, real) => {
    if (postcode) {
      // The visitor types a whole address search, then sends it.
      real.flow.edit("search", { postalCode: postcode, residenceType: "landed" });
      Object.assign(model.typed, { postalCode: postcode, residenceType: "landed" });
    }
    const found = await real.flow.searchAddress().catch(() => []);
    if (found[0]) await real.flow.selectAddress(found[0]).catch(() => undefined);
  }),
);
const doubleSearch = fc.constant(
  command("search twice at once (a double click)", async (_model, real) => {
    await Promise.all([
      real.flow.searchAddress().catch(() => []),
      real.flow.searchAddress().catch(() => []),
    ]);
  }),
);
const pick = fc.constantFrom(...PLANS.map((p) => p.id)).map((id) =>
  command(`pick(${id})`, async (_model, real) => {
    if (real.flow.getSnapshot().offers?.plans.some((p) => p.id === id)) {
      await real.flow.updateOrder({ packageId: id }).catch(() => undefined);
    }
  }),
);
const toContinue = fc.constant(
  command("continue", async (_model, real) => {
    await real.flow.settled();
    const before = real.flow.getSnapshot();
    const available = before.offers?.plans.some((p) => p.id === before.selection.packageId);
    const atPlan = before.step === "package";
    const outcome = await real.flow.confirmPackage().then(
      () => "went on",
      () => "refused",
    );
    // Continue with a selected, available plan proceeds.
    if (available && atPlan && before.hasToken) {
      expect(outcome).toBe("went on");
      expect(STEPS.indexOf(real.flow.getSnapshot().step)).toBeGreaterThanOrEqual(
        STEPS.indexOf("details"),
      );
    }
  }),
);
const language = fc
  .constantFrom("bm" as const, "en" as const)
  .map((lang) => command(`language(${lang})`, async (_model, real) => real.flow.setLanguage(lang)));
const backForward = fc.constantFrom<Step>("address", "package", "details").map((step) =>
  command(`goTo(${step})`, async (_model, real) => {
    const allowed = canGoTo(real.flow.getSnapshot(), step);
    real.flow.goTo(step);
    if (allowed) expect(real.flow.getSnapshot().step).toBe(step);
  }),
);

describe("the flow, walked at random (fast-check model-based test)", () => {
  it("keeps its invariants over every sequence of entries, typing, restores and steps", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [enter, reload, type, search, doubleSearch, pick, toContinue, language, backForward],
          {
            maxCommands: 25,
          },
        ),
        async (commands) => {
          const services = createServices();
          const storage = createMemoryStorage();
          const clock = createFakeClock(Date.parse("2026-11-27T02:00:00Z"));
          const make = (entry: string) =>
            createLeadFlow({
              api: services.api,
              environment: "test",
              storage,
              clock,
              ...(entry ? { entry } : {}),
            });
          const real: Real = { flow: make(""), make, services };
          await fc.asyncModelRun(() => ({ model: { typed: {}, entry: "" }, real }), commands);
          real.flow.destroy();
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);
});

/**
 * The lead journey against the real services (apps/services, in-process on a free port, PGlite in
 * memory, PORTAL_ENV=test) through a real @portal/api-client: the behaviour here is the server's.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPortalApi } from "@portal/api-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLeadFlow, createMemoryStorage, type LeadFlow } from "../index.js";
import { createFakeClock } from "./fakes.js";

/** What this test needs of apps/services; typed here so its sources stay out of our typecheck. */
interface ServicesModule {
  openPglite(location: "memory"): Promise<unknown>;
  buildApp(options: {
    db: unknown;
    logger: false;
    rateLimitMax: number;
    env: Record<string, unknown>;
  }): Promise<App>;
}
interface App {
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}

// Loaded at run time by name so the services' sources stay out of this package's typecheck. The
// services live in this repository, so a failure to load them fails these tests (never a skip).
const servicesName = "@portal/services";
const services = (await import(/* @vite-ignore */ servicesName)) as ServicesModule;

let app: App;
let dataDir: string;
let origin: string;
let requests = 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = await mkdtemp(join(tmpdir(), "lead-flow-http-"));
  app = await services.buildApp({
    db: await services.openPglite("memory"),
    logger: false,
    rateLimitMax: 10_000,
    env: { portalEnv: "test", publicUrl: origin, dataDir, port, host: "127.0.0.1" },
  });
  await app.listen({ port, host: "127.0.0.1" });
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function makeFlow(storage = createMemoryStorage(), clock = createFakeClock()) {
  const api = createPortalApi({
    baseUrls: {
      address: `${origin}/address`,
      shop: `${origin}/shop`,
      content: `${origin}/content`,
    },
    cache: false,
    fetch: (input, init) => {
      requests += 1;
      return fetch(input, init);
    },
  });
  const flow = createLeadFlow({ api, environment: "test", storage, clock });
  return { flow, storage, clock };
}

// Each test its own phone: the server refuses a second OTP to one phone within 180 s.
let phoneCounter = 0;
const nextPhone = () =>
  `01${String(20_000_000 + (Date.now() % 1_000_000) * 10 + ++phoneCounter).padStart(8, "0")}`;

// A minimal but real PDF: the uploads service checks the magic bytes.
const pdfFile = () =>
  new File(
    [`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`],
    "mykad-front.pdf",
    { type: "application/pdf" },
  );

async function addressId(flow: LeadFlow): Promise<string> {
  const addresses = await flow.searchAddress({ postalCode: "47301", residenceType: "landed" });
  return addresses[0]!.addressId;
}

describe("lead flow over HTTP", () => {
  it("1. generates the lead and saves its token", async () => {
    const { flow, storage } = makeFlow();
    const { leadId } = await flow.generateLead();
    expect(leadId).toHaveLength(36);
    // A JWT: header, payload and signature.
    expect(storage.getItem(flow.storageKeys.token)?.split(".")).toHaveLength(3);
    expect(flow.getSnapshot()).toMatchObject({ step: "address", hasToken: true, leadId });
  });

  it("2. searches the address, then checks coverage", async () => {
    const { flow } = makeFlow();
    await flow.generateLead();
    const addresses = await flow.searchAddress({ postalCode: "47301", residenceType: "landed" });
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((a) => a.postalCode === "47301")).toBe(true);
    const coverage = await flow.checkCoverage();
    expect(coverage).toMatchObject({ platform: "fibre", covered: true });
    expect(flow.getSnapshot().step).toBe("address");
  });

  it("2b. at a 100 Mbps-only address: offers up to 100 Mbps, 1 Gbps refused with its reason, then one order number", async () => {
    const { flow } = makeFlow();
    flow.begin({ packageId: "fibre-1000", referralCode: "SURIA8K2Q" });
    const [address] = await flow.searchAddress({ postalCode: "34000", residenceType: "landed" });
    await flow.selectAddress(address!);
    const state = flow.getSnapshot();
    expect(state.step).toBe("package");
    expect(state.offers?.maxSpeedMbps).toBe(100);
    expect(state.offers?.plans.map((p) => p.id)).toEqual(["fibre-100"]);
    expect(state.offers?.unavailablePlans.map((p) => p.id)).toContain("fibre-1000");
    // The link's 1 Gbps plan is not the choice here; the service refuses it anyway.
    expect(state.selection.packageId).toBeUndefined();
    await expect(flow.updateOrder({ packageId: "fibre-1000" })).rejects.toMatchObject({
      code: "request-failed",
      statusCode: 409,
      reason: "order.plan.tooFast",
    });
    await vi.waitFor(() => expect(flow.getSnapshot().referral?.code).toBe("SURIA8K2Q"));
    const order = await flow.updateOrder({ packageId: "fibre-100" });
    expect(order).toMatchObject({
      packageId: "fibre-100",
      referralCode: "SURIA8K2Q",
      price: { regularMonthlyRm: 89, installationFeeRm: 0 },
    });
    flow.confirmPackage();
    await flow.updateLead({
      name: "Aminah binti Yusof",
      phoneNumber: nextPhone(),
      email: "a@example.my",
    });
    await flow.generateOtp();
    await flow.verifyOtp("123456");
    await flow.giveConsent();
    await flow.uploadDocument(pdfFile(), { title: "MyKad (front)" });
    flow.finishDocuments();
    expect(flow.getSnapshot().step).toBe("slot");
    await flow.settled();
    // 34000 (Perak, TeraLink: 3 installation days) on the services' clock.
    const slot = flow.getSnapshot().slots!.slots[0]!;
    await flow.holdSlot(slot);
    flow.confirmSlot();
    expect(flow.getSnapshot().step).toBe("review");
    const [one, two] = await Promise.all([flow.purchase(), flow.purchase()]);
    expect(one.orderNumber).toMatch(/^SF\d{10}$/);
    expect(two.orderNumber).toBe(one.orderNumber);
    expect(flow.getSnapshot()).toMatchObject({
      step: "submitted",
      orderNumber: one.orderNumber,
      order: {
        packageId: "fibre-100",
        referralCode: "SURIA8K2Q",
        installationDate: slot.date,
        installationSlot: slot.slot,
      },
    });
  });

  it("2c. a lead creation whose answer is lost is sent again with the same Idempotency-Key and answers the same lead", async () => {
    const sent: { key: string | null; leadId?: string }[] = [];
    const api = createPortalApi({
      baseUrls: {
        address: `${origin}/address`,
        shop: `${origin}/shop`,
        content: `${origin}/content`,
      },
      cache: false,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const res = await fetch(request);
        if (!request.url.endsWith("/generate-sbb-lead")) return res;
        const body = (await res.clone().json()) as { response: { leadId: string } };
        sent.push({ key: request.headers.get("idempotency-key"), leadId: body.response.leadId });
        // The first answer is lost on the way back (the lead was created on the server).
        if (sent.length === 1) throw new TypeError("fetch failed");
        return res;
      },
    });
    const flow = createLeadFlow({
      api,
      environment: "test",
      storage: createMemoryStorage(),
      clock: createFakeClock(),
    });
    const { leadId } = await flow.generateLead();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[1]!.leadId).toBe(sent[0]!.leadId);
    expect(leadId).toBe(sent[0]!.leadId);
  });

  it("3. an update with a bad phone gives isPhoneNumberInValid", async () => {
    const { flow } = makeFlow();
    await flow.generateLead();
    await expect(
      flow.updateLead({ phoneNumber: "0312345678" }, { validate: false }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(flow.getSnapshot().leadUpdateFlags).toEqual({
      isPhoneNumberInValid: true,
      isAlternateNumberInValid: false,
      isEmailInValid: false,
      isErrorNotInCoverage: false,
    });
    await flow.updateLead({
      name: "Aminah binti Yusof",
      phoneNumber: nextPhone(),
      email: "aminah@example.my",
    });
    await flow.updateLead({ address: { addressId: await addressId(flow) } });
    expect(flow.getSnapshot().address?.postalCode).toBe("47301");
    expect(flow.getSnapshot().leadUpdateFlags).toBeUndefined();
  });

  it("4. sends an OTP, refuses a resend before 180 s, then verifies", async () => {
    const { flow, clock } = makeFlow();
    await flow.generateLead();
    await flow.updateLead({ name: "Aminah", phoneNumber: nextPhone(), email: "a@example.my" });
    const { code } = await flow.generateOtp();
    expect(code.length).toBeGreaterThanOrEqual(8);
    clock.advance(179_000);
    const before = requests;
    await expect(flow.generateOtp()).rejects.toMatchObject({
      code: "otp-resend-too-soon",
      retryAfterSeconds: 1,
    });
    expect(requests).toBe(before);
    await expect(flow.verifyOtp("000000")).rejects.toMatchObject({ code: "otp-incorrect" });
    await flow.verifyOtp("123456");
    expect(flow.getSnapshot()).toMatchObject({ step: "consent", otp: { verified: true } });
  });

  it("4b. names the service's reason when a code is dead: otp.locked after 5 wrong tries", async () => {
    const { flow } = makeFlow();
    await flow.generateLead();
    await flow.updateLead({ name: "Aminah", phoneNumber: nextPhone(), email: "a@example.my" });
    await flow.generateOtp();
    for (let attempt = 5; attempt >= 1; attempt--) {
      await expect(flow.verifyOtp("000000")).rejects.toMatchObject({
        code: "otp-incorrect",
        attemptsLeft: attempt - 1,
      });
    }
    await expect(flow.verifyOtp("123456")).rejects.toMatchObject({
      code: "request-failed",
      statusCode: 410,
      reason: "otp.locked",
    });
    expect(flow.getSnapshot().errors.verifyOtp).toMatchObject({ reason: "otp.locked" });
  });

  it("5. records consent in the current language", async () => {
    const { flow } = makeFlow();
    await flow.generateLead();
    flow.setLanguage("en");
    await flow.giveConsent();
    expect(flow.getSnapshot().consent).toEqual({ language: "en" });
  });

  it("6. signs, uploads with progress, and deletes a document", async () => {
    const { flow } = makeFlow();
    await flow.generateLead();
    const progress: number[] = [];
    flow.subscribe(() => progress.push(flow.getSnapshot().uploads[0]?.loaded ?? 0));
    const file = pdfFile();
    const document = await flow.uploadDocument(file, { title: "MyKad (front)" });
    expect(document).toEqual({ documentId: expect.any(String), extension: "pdf" });
    expect(document.documentId).toHaveLength(36);
    expect(progress).toContain(file.size);
    expect(flow.getSnapshot().uploads[0]).toMatchObject({ status: "done", loaded: file.size });
    await flow.deleteDocument(document.documentId);
    expect(flow.getSnapshot().documents).toEqual([]);
  });

  it("sends no request at all when the token is missing", async () => {
    const missing = { message: "Token is unavailable", code: "missing-token" };
    const { flow } = makeFlow();
    const before = requests;
    await expect(flow.loadOffers()).rejects.toMatchObject(missing);
    await expect(flow.giveConsent()).rejects.toMatchObject(missing);
    await expect(flow.uploadDocument(pdfFile())).rejects.toMatchObject(missing);
    await expect(flow.checkEntitled({ productToken: "" })).rejects.toMatchObject({
      message: "fibre Token is unavailable",
    });
    expect(requests).toBe(before);
  });

  it("runs examples/journey.ts (the README's Node example) from a campaign link to an order number", async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      lines.push(args.join(" "));
    });
    try {
      // The example asserts nothing by itself when imported: the test checks its end state.
      const example = new URL("../../examples/journey.ts", import.meta.url).href;
      const { signUp } = (await import(/* @vite-ignore */ example)) as {
        signUp: (url: string, phone: string) => Promise<{ step: string; orderNumber?: string }>;
      };
      const done = await signUp(origin, nextPhone());
      expect(done.step).toBe("submitted");
    } finally {
      log.mockRestore();
    }
    const orderNumber = lines.find((l) => l.startsWith("order number "))?.slice(13) ?? "";
    expect(orderNumber).toMatch(/^SF\d{10}$/);
    // The first slot the address can book, booked by the purchase.
    expect(lines.find((l) => l.startsWith("installation 2"))).toMatch(
      /^installation \d{4}-\d{2}-\d{2} (morning|afternoon)$/,
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        "step: start -> address",
        "step: address -> package",
        "  RM129/month months 1-6",
        "  RM169/month after",
        "  installation RM0, referral SURIA8K2Q",
        "step: documents -> slot",
        "step: slot -> review",
        "step: review -> submitted",
      ]),
    );
  });

  it("resumes after a reload from the saved token and step", async () => {
    const storage = createMemoryStorage();
    const clock = createFakeClock();
    const first = makeFlow(storage, clock).flow;
    await first.generateLead();
    await first.updateLead({ name: "Aminah", phoneNumber: nextPhone(), email: "a@example.my" });
    await first.generateOtp();
    first.destroy();
    clock.advance(30_000);
    const { flow } = makeFlow(storage, clock);
    expect(flow.getSnapshot()).toMatchObject({ step: "otp", otp: { resendSeconds: 150 } });
    await flow.verifyOtp("123456");
    await flow.giveConsent();
    expect(flow.getSnapshot().step).toBe("documents");
  });
});

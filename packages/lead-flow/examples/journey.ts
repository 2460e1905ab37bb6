// The README's complete journey, from a new lead to an order number, run against the services
// (PORTAL_URL, default http://localhost:4000; PORTAL_ENV not "production", so the mock OTP
// works). The #region block is the README's snippet word for word; the check after it is not.
import assert from "node:assert/strict";

// #region journey
import { createPortalApi } from "@portal/api-client";
import { createLeadFlow, createMemoryStorage, isLeadFlowError } from "@portal/lead-flow";

const base = process.env.PORTAL_URL ?? "http://localhost:4000";
const api = createPortalApi({
  baseUrls: { address: `${base}/address`, shop: `${base}/shop`, content: `${base}/content` },
});

const flow = createLeadFlow({
  api,
  environment: process.env.PORTAL_ENV ?? "development", // mock OTP unless "production"
  product: "fibre",
  language: "en",
  storage: createMemoryStorage(), // any Storage-like object; browsers default to localStorage
});

// Every change of the journey is observable.
const stop = flow.subscribe(() => {
  const { step, loading, otp } = flow.getSnapshot();
  const busy = Object.entries(loading)
    .filter(([, on]) => on)
    .map(([op]) => op);
  console.log(`step=${step} busy=[${busy}] resendIn=${otp.resendSeconds}s`);
});

try {
  // 1. The lead and its token (saved under "portal.lead-flow.token").
  const { leadId } = await flow.generateLead({ packageId: "fibre-300" });
  console.log("lead", leadId);

  // 2. Address search (UI values: landed -> 1, multiStorey -> 2), then coverage.
  const addresses = await flow.searchAddress({ postalCode: "47301", residenceType: "landed" });
  const coverage = await flow.checkCoverage();
  if (!coverage.covered) throw new Error("not covered");

  // 3. Contact details and the chosen address; refused fields show as flags.
  await flow.updateLead({
    name: "Aminah binti Yusof",
    phoneNumber: "012-345 6702", // sent as +60123456702
    email: "aminah@example.my",
    address: { addressId: addresses[0]!.addressId },
  });

  // 4. OTP: sent to the lead's phone; another send is refused for 180 s.
  await flow.generateOtp();
  await flow.verifyOtp("123456"); // the mock OTP outside production

  // 5. Consent, in the flow's current language.
  await flow.giveConsent();

  // 6. A document (here a tiny PDF made in memory): validated, signed, streamed with progress.
  const pdf = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
  const file = new File([pdf], "mykad-front.pdf", { type: "application/pdf" });
  const { documentId, extension } = await flow.uploadDocument(file, { title: "MyKad (front)" });
  console.log("uploaded", documentId, extension, flow.getSnapshot().uploads[0]?.loaded, "bytes");

  // 7. The package, then the purchase.
  await flow.updateOrder({ packageId: "fibre-300", installationSlot: "morning" });
  const { orderNumber } = await flow.purchase();
  console.log("submitted", orderNumber);
} catch (error) {
  if (isLeadFlowError(error)) {
    // Branch on error.code, never on the message.
    console.error(error.code, error.message, error.fieldErrors ?? error.flags ?? "");
  } else throw error;
} finally {
  stop();
  flow.destroy(); // stops the resend countdown timer
}
// #endregion journey

// From a new lead to an order number: SF (fibre) + yymmdd + 4 digits.
assert.match(flow.getSnapshot().orderNumber ?? "", /^SF\d{10}$/);

// The README's complete journey, from a campaign link to an order number, run against the
// services (PORTAL_URL, default http://localhost:4000; PORTAL_ENV not "production", so the mock
// OTP works). The #region block is the README's snippet word for word; the check after it is not.
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

// Every change of the journey is observable; here, each new step.
let step = flow.getSnapshot().step;
const stop = flow.subscribe(() => {
  const next = flow.getSnapshot().step;
  if (next !== step) console.log(`step: ${step} -> ${next}`);
  step = next;
});

try {
  // 1. Where the visitor came from (a campaign link: the 500 Mbps plan, a friend's code).
  flow.begin({ packageId: "fibre-500", referralCode: "SURIA8K2Q" });

  // 2. The address: the search creates the lead (its token is saved in the storage), then the
  //    picked address is checked for coverage and recorded on the lead, and the offers load.
  const addresses = await flow.searchAddress({ postalCode: "47301", residenceType: "landed" });
  const coverage = await flow.selectAddress(addresses[0]!);
  if (!coverage.covered) throw new Error("Suria Fibre does not reach this address yet");

  // 3. The plans this address can get, priced from the campaigns of the day.
  const { offers } = flow.getSnapshot();
  console.log(`up to ${offers?.maxSpeedMbps} Mbps here; plans: ${offers?.plans.map((p) => p.id)}`);
  const order = await flow.updateOrder({ packageId: "fibre-500" });
  for (const period of order.price.periods) {
    const months = period.toMonth ? `months ${period.fromMonth}-${period.toMonth}` : "after";
    console.log(`  RM${period.monthlyRm}/month ${months}`);
  }
  console.log(`  installation RM${order.price.installationFeeRm}, referral ${order.referralCode}`);
  flow.confirmPackage();

  // 4. Contact details (numbers are sent as +60...), then the one-time code.
  await flow.updateLead({
    name: "Aminah binti Yusof",
    phoneNumber: process.env.PORTAL_EXAMPLE_PHONE ?? "011-1100 4711",
    email: "aminah@example.my",
  });
  await flow.generateOtp(); // another send for this phone is refused for 180 s
  await flow.verifyOtp("123456"); // the mock OTP outside production

  // 5. Consent, in the flow's language, and a document (validated, signed, streamed).
  await flow.giveConsent();
  const pdf = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
  const file = new File([pdf], "mykad-front.pdf", { type: "application/pdf" });
  const { documentId } = await flow.uploadDocument(file, { title: "MyKad (front)" });
  console.log(`uploaded ${documentId} (${file.size} bytes)`);
  flow.finishDocuments();

  // 6. The purchase: one lead, one order number, even if it is sent twice.
  const { orderNumber } = await flow.purchase();
  console.log(`order number ${orderNumber}`);
} catch (error) {
  // Branch on error.code, never on the message.
  if (isLeadFlowError(error)) console.error(error.code, error.reason ?? "", error.message);
  throw error;
} finally {
  stop();
  flow.destroy(); // stops the resend countdown timer
}
// #endregion journey

// From a campaign link to an order number: SF (fibre) + yymmdd + 4 digits, the referral kept.
const done = flow.getSnapshot();
assert.equal(done.step, "submitted");
assert.match(done.orderNumber ?? "", /^SF\d{10}$/);
assert.equal(done.order?.referralCode, "SURIA8K2Q");
assert.equal(done.order?.packageId, "fibre-500");

// Invented reference data for the account operations of the content service. Documented in
// README.md so testers know which numbers to type.

/** Seeded Suria TV customer accounts (authenticate with accountNumber + identityCard). */
export function accountSeed() {
  const address = (line1: string, postalCode: string, city: string, state: string) => ({
    line1,
    postalCode,
    city,
    state,
  });
  return [
    {
      account_number: "1000234567",
      identity_card: "850315145678",
      name: "Aminah binti Yusof",
      phone_number: "+60123456789",
      email: "aminah@example.my",
      smart_card_number: "8801234567890",
      fibre_entitled: true,
      service_address: address("12 Jalan SS 7/26", "47301", "Petaling Jaya", "Selangor"),
      entitlement_store_failure: false,
    },
    {
      account_number: "1000345678",
      identity_card: "900101145679",
      name: "Lim Wei Ming",
      phone_number: "+60198765432",
      email: "weiming@example.my",
      smart_card_number: "8801234567891",
      fibre_entitled: false,
      service_address: address("8 Jalan Pendidikan 3", "81300", "Skudai", "Johor"),
      entitlement_store_failure: false,
    },
    {
      account_number: "1000456789",
      identity_card: "780622105432",
      name: "Rajesh a/l Kumar",
      phone_number: "+60167778888",
      email: null,
      smart_card_number: null,
      fibre_entitled: true,
      service_address: address("4 Jalan Tas 12", "25200", "Kuantan", "Pahang"),
      entitlement_store_failure: false,
    },
    {
      account_number: "1000567890",
      identity_card: "950909125555",
      name: "Siti Nurhaliza binti Ahmad",
      phone_number: "+60134445555",
      email: "siti@example.my",
      smart_card_number: "8801234567893",
      fibre_entitled: true,
      service_address: address("2 Jalan Kolam", "88400", "Kota Kinabalu", "Sabah"),
      entitlement_store_failure: true,
    },
  ];
}

/** Seeded B40 register: eligible, not eligible (anything else is not found). */
export function b40Seed() {
  return [
    { identity_card: "880412105123", eligible: true, valid_until: "2027-12-31" },
    { identity_card: "910723086789", eligible: true, valid_until: "2027-06-30" },
    { identity_card: "750101015432", eligible: false, valid_until: null },
  ];
}

/** Seeded referral codes. */
export function referralCodeSeed() {
  const reward = (bm: [string, string], en: [string, string]) => ({
    reward_bm: { title: bm[0], description: bm[1] },
    reward_en: { title: en[0], description: en[1] },
  });
  return [
    {
      code: "SURIA8K2Q",
      referrer_name: "Aminah Y.",
      product: "fibre",
      ...reward(
        ["Rebat RM50", "Rebat RM50 pada bil pertama anda selepas pemasangan."],
        ["RM50 rebate", "RM50 off your first bill after installation."],
      ),
      valid_until: "2027-12-31",
      max_uses: 10,
      uses: 2,
    },
    {
      code: "TVLIM2026",
      referrer_name: "Wei Ming L.",
      product: "tv",
      ...reward(
        ["Sebulan percuma", "Pek Sukan percuma selama sebulan."],
        ["One month free", "The Sports pack free for one month."],
      ),
      valid_until: "2027-06-30",
      max_uses: 5,
      uses: 1,
    },
    {
      code: "OLDCODE01",
      referrer_name: "Rajesh K.",
      product: "fibre",
      ...reward(
        ["Rebat RM30", "Rebat RM30 pada bil pertama."],
        ["RM30 rebate", "RM30 off the first bill."],
      ),
      valid_until: "2025-12-31",
      max_uses: 10,
      uses: 3,
    },
    {
      code: "FULLUP100",
      referrer_name: "Siti A.",
      product: "fibre",
      ...reward(
        ["Rebat RM50", "Rebat RM50 pada bil pertama."],
        ["RM50 rebate", "RM50 off the first bill."],
      ),
      valid_until: "2027-12-31",
      max_uses: 3,
      uses: 3,
    },
  ];
}

/** Seeded referrals (referred phone numbers per code). */
export function referralSeed() {
  return [
    {
      referral_code: "SURIA8K2Q",
      phone_number: "+60171112222",
      status: "installed",
      updated_at: "2026-10-02T03:00:00Z",
    },
    {
      referral_code: "SURIA8K2Q",
      phone_number: "+60173334444",
      status: "registered",
      updated_at: "2026-11-15T09:30:00Z",
    },
    {
      referral_code: "TVLIM2026",
      phone_number: "+60175556666",
      status: "rewarded",
      updated_at: "2026-09-20T06:00:00Z",
    },
  ];
}

import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import {
  EMAIL_MAX_LENGTH,
  fieldConstraints,
  NAME_MAX_LENGTH,
  PHONE_NUMBER_MAX_LENGTH,
  POSTCODE_LENGTH,
  REFERRAL_CODE_INPUT_MAX_LENGTH,
  registerInterestFormSchema,
  STREET_FIELD_MAX_LENGTH,
} from "@portal/validation";
import { describe, expect, it } from "vitest";
import {
  createFakeFlow,
  createFakeLeadApi,
  driveTo,
  type FakeStep,
} from "../../../fixtures/fake-lead-api.js";
import {
  AddressStep,
  Confirmation,
  ConsentStep,
  CoverageResult,
  DetailsStep,
  DocumentsStep,
  FibreSignUp,
  OtpStep,
  RegisterInterest,
  ReviewStep,
  SlotStep,
  SignUpStepper,
} from "../index.js";
import { serverView, ssr, text } from "./render.js";

// Every step rendered by react-dom/server, in Malay and English, with the exact texts a visitor
// reads. A flow is driven over the in-memory services to the step; `serverView` renders the
// state it reached (a real server renders the state before any restore: see FibreSignUp below).
async function rendered(step: FakeStep, node: ReactNode, language: "bm" | "en") {
  const flow = await driveTo(createFakeFlow(), step);
  return ssr(node, serverView(flow), language);
}

const steps: Array<{
  step: FakeStep;
  name: string;
  node: ReactNode;
  en: string[];
  bm: string[];
}> = [
  {
    step: "address",
    name: "the address search",
    node: <AddressStep />,
    en: [
      "Your address Postcode (required) 5 digits, for example 47301 Type of home (required) Landed (house, terrace, bungalow) Multi-storey (flat, apartment, condominium) More details (optional)",
      "Find my address",
    ],
    bm: [
      "Alamat anda Poskod (wajib) 5 digit, contohnya 47301 Jenis kediaman (wajib) Bertanah (rumah, teres, banglo) Bertingkat (flat, pangsapuri, kondominium) Butiran lanjut (pilihan)",
      "Cari alamat saya",
    ],
  },
  {
    step: "covered",
    name: "a covered address",
    node: <CoverageResult />,
    en: [
      "Coverage for Suria Fibre Good news: Suria Fibre is available at your address 1, Jalan SS 7/19, 47301 Petaling Jaya, Selangor Rangkai Gentian: FTTH, up to 1000 Mbps Continue: choose your plan",
    ],
    bm: [
      "Liputan untuk Suria Fibre Berita baik: Suria Fibre tersedia di alamat anda 1, Jalan SS 7/19, 47301 Petaling Jaya, Selangor Rangkai Gentian: FTTH, sehingga 1000 Mbps Teruskan: pilih pelan anda",
    ],
  },
  {
    step: "notCovered",
    name: "an address fibre does not reach: register interest and Suria TV",
    node: <CoverageResult />,
    en: [
      "Suria Fibre is not available at your address yet 1, Jalan Bukit 3, 45000 Shah Alam, Selangor Register your interest and we will tell you as soon as fibre reaches your area. Register interest Suria TV reaches every home Satellite TV needs no cable in the street: Suria TV can be installed at this address today. Sign up for Suria TV",
    ],
    bm: [
      "Suria Fibre belum tersedia di alamat anda 1, Jalan Bukit 3, 45000 Shah Alam, Selangor Daftarkan minat anda dan kami akan memaklumkan anda sebaik sahaja fiber sampai ke kawasan anda. Daftar minat Suria TV sampai ke setiap rumah TV satelit tidak memerlukan kabel di jalan anda: Suria TV boleh dipasang di alamat ini hari ini. Daftar Suria TV",
    ],
  },
  {
    step: "package",
    name: "the plan step with its progress list",
    node: <SignUpStepper />,
    en: [
      "1 Your plan 2 Your details 3 Verify your mobile 4 Consent 5 Documents 6 Installation slot 7 Review and submit Step 1 of 7: Your plan",
      "Suria Fibre 500Mbps RM129/month for the first 6 months, then RM169/month Free installation 500 Mbps · 24 months contract",
      "Cinema Bundle 500 RM199/month",
      "Add-on packs (optional) Sports Pack RM40/month",
      "Referral code (optional) From a friend who is a Suria customer, for example SURIA8K2Q Apply code Your monthly price Choose a plan. No payment now: your first Suria Fibre bill comes after installation. Continue",
    ],
    bm: [
      "Langkah 1 daripada 7: Pelan anda",
      "Suria Fibre 500Mbps RM129/bulan untuk 6 bulan pertama, kemudian RM169/bulan Pemasangan percuma 500 Mbps · Kontrak 24 bulan",
      "Harga bulanan anda Pilih satu pelan. Tiada bayaran sekarang: bil Suria Fibre pertama anda tiba selepas pemasangan. Teruskan",
    ],
  },
  {
    step: "details",
    name: "the details step",
    node: <DetailsStep />,
    en: [
      "Installation address: 1, Jalan SS 7/19, 47301 Petaling Jaya, Selangor Change address Full name (as on your MyKad) (required) Mobile number (required) For example 012-345 6789 Alternate number (optional)",
      "Email (required) Save and continue",
    ],
    bm: [
      "Alamat pemasangan: 1, Jalan SS 7/19, 47301 Petaling Jaya, Selangor Tukar alamat Nama penuh (seperti dalam MyKad) (wajib)",
      "E-mel (wajib) Simpan dan teruskan",
    ],
  },
  {
    step: "otp",
    name: "the OTP step (the number as +60 12-345 6789)",
    node: <OtpStep />,
    en: ["We will send a 6-digit code by SMS to +60 12-345 6789. Change mobile number Send code"],
    bm: [
      "Kami akan menghantar kod 6 digit melalui SMS ke +60 12-345 6789. Tukar nombor telefon bimbit Hantar kod",
    ],
  },
  {
    step: "consent",
    name: "the consent step",
    node: <ConsentStep />,
    en: [
      "Personal data notice Suria collects your name, contact details, address and identity documents to check your eligibility, install Suria Fibre and bill you.",
      "Read the full privacy notice (opens in a new tab) I have read the notice and agree that Suria may process my personal data. Your consent is recorded in English. Agree and continue",
    ],
    bm: [
      "Notis data peribadi Suria mengumpul nama, butiran hubungan, alamat dan dokumen pengenalan anda untuk menyemak kelayakan anda, memasang Suria Fibre dan mengebil anda.",
      "Persetujuan anda direkodkan dalam Bahasa Melayu. Setuju dan teruskan",
    ],
  },
  {
    step: "documents",
    name: "the documents step",
    node: <DocumentsStep />,
    en: [
      "Which document will you upload? MyKad (front and back) Utility bill (electricity or water, last 3 months) MyKad, front Drag and drop a file here, or choose one: Choose a file PNG, BMP, JPG or PDF, up to 5 MB.",
      "Continue to the installation slot",
    ],
    bm: [
      "Dokumen mana yang akan anda muat naik? MyKad (depan dan belakang) Bil utiliti (elektrik atau air, 3 bulan terakhir) MyKad, depan Seret dan lepaskan fail di sini, atau pilih satu: Pilih fail PNG, BMP, JPG atau PDF, sehingga 5 MB.",
      "Teruskan ke slot pemasangan",
    ],
  },
  {
    step: "slot",
    name: "the installation slot step: the days and windows, few left",
    node: <SlotStep />,
    en: [
      "Choose the day and time our installer comes. We keep the slot for you for 10 minutes while you finish. Installation slot Tuesday, 24 November 2026 Morning, 09:00–13:00 (1 slot left) Afternoon, 14:00–18:00 Wednesday, 25 November 2026 Morning, 09:00–13:00 Afternoon, 14:00–18:00",
      "Friday, 27 November 2026 Morning, 09:00–13:00 Afternoon, 14:00–18:00 Continue",
    ],
    bm: [
      "Pilih hari dan masa juruteknik kami datang. Kami khaskan slot itu untuk anda selama 10 minit sementara anda selesaikan pendaftaran. Slot pemasangan Selasa, 24 November 2026 Pagi, 09:00–13:00 (1 slot lagi) Petang, 14:00–18:00",
      "Jumaat, 27 November 2026 Pagi, 09:00–13:00 Petang, 14:00–18:00 Teruskan",
    ],
  },
  {
    step: "slotTaken",
    name: "the slot step after a slot was just taken: the notice, the next ones",
    node: <SlotStep />,
    en: [
      "Sorry, that slot was just taken by someone else. Here are the next ones. Installation slot Tuesday, 24 November 2026 Morning, 09:00–13:00 (1 slot left) Afternoon, 14:00–18:00 Wednesday, 25 November 2026 Morning, 09:00–13:00 Thursday, 26 November 2026",
    ],
    bm: [
      "Maaf, slot itu baru sahaja diambil oleh orang lain. Ini slot yang seterusnya. Slot pemasangan Selasa, 24 November 2026 Pagi, 09:00–13:00 (1 slot lagi) Petang, 14:00–18:00 Rabu, 25 November 2026 Pagi, 09:00–13:00 Khamis, 26 November 2026",
    ],
  },
  {
    step: "review",
    name: "the review: address, plan and price, name, phone, email, documents; terms",
    node: <ReviewStep />,
    en: [
      "Installation address 1, Jalan SS 7/19, 47301 Petaling Jaya, Selangor Installation slot Tuesday, 24 November 2026, Morning, 09:00–13:00 Plan Suria Fibre 500Mbps · 500 Mbps Monthly price RM129/month for the first 6 months, then RM169/month Free installation Contract 24 months Name Aminah binti Yusof Mobile number +60 12-345 6789 Email aminah@example.my Documents Utility bill: bill.pdf",
      "I accept the terms and conditions of Suria Fibre. Read the terms and conditions (opens in a new tab)",
      "Submit my sign-up",
    ],
    bm: [
      "Alamat pemasangan 1, Jalan SS 7/19, 47301 Petaling Jaya, Selangor Slot pemasangan Selasa, 24 November 2026, Pagi, 09:00–13:00 Pelan Suria Fibre 500Mbps · 500 Mbps Harga bulanan RM129/bulan untuk 6 bulan pertama, kemudian RM169/bulan Pemasangan percuma Kontrak 24 bulan Nama Aminah binti Yusof Nombor telefon bimbit +60 12-345 6789 E-mel aminah@example.my Dokumen Bil utiliti: bill.pdf",
      "Saya menerima terma dan syarat Suria Fibre.",
      "Hantar pendaftaran saya",
    ],
  },
  {
    step: "submitted",
    name: "the confirmation: the order number and the same summary",
    node: <Confirmation />,
    en: [
      "Thank you, your sign-up is in We have received your Suria Fibre sign-up. Your order number SF2611210042 Installation address 1, Jalan SS 7/19",
      "Mobile number +60 12-345 6789",
      "Installation slot Tuesday, 24 November 2026, Morning, 09:00–13:00 Plan",
      "Our installer comes on Tuesday, 24 November 2026, Morning, 09:00–13:00. We will call you the day before.",
      "Back to the home page Sign up another address",
    ],
    bm: [
      "Terima kasih, pendaftaran anda telah diterima Kami telah menerima pendaftaran Suria Fibre anda. Nombor pesanan anda SF2611210042",
      "Nombor telefon bimbit +60 12-345 6789",
      "Juruteknik kami akan datang pada Selasa, 24 November 2026, Pagi, 09:00–13:00.",
      "Kembali ke laman utama Daftar alamat lain",
    ],
  },
];

describe("every step renders on a server, in Malay and English", () => {
  for (const { step, name, node, en, bm } of steps) {
    it(name, async () => {
      for (const [language, expected] of [
        ["en", en],
        ["bm", bm],
      ] as const) {
        const page = text(await rendered(step, node, language));
        for (const part of expected) expect(page, `${step} in ${language}`).toContain(part);
      }
    });
  }

  it("register interest, prefilled with the address fibre does not reach", async () => {
    for (const language of ["en", "bm"] as const) {
      const html = await rendered("notCovered", <RegisterInterest />, language);
      expect(html).toMatch(/<input[^>]*name="postalCode" value="45000"/);
      expect(html).toMatch(
        /<input[^>]*name="address" value="1, Jalan Bukit 3, 45000 Shah Alam, Selangor"/,
      );
      expect(text(html)).toContain(
        language === "en"
          ? "Full name (required) Mobile number (required) For example 012-345 6789 Email (optional) Postcode (required) 5 digits Type of home (optional) Landed Multi-storey Address (optional) Anything else we should know? (optional) Send me one SMS when Suria Fibre reaches my address, with a link to sign up. (optional) Register interest"
          : "Nama penuh (wajib) Nombor telefon bimbit (wajib) Contohnya 012-345 6789 E-mel (pilihan) Poskod (wajib) 5 digit Jenis kediaman (pilihan) Bertanah Bertingkat Alamat (pilihan) Ada apa-apa lagi yang perlu kami tahu? (pilihan) Hantar satu SMS kepada saya apabila Suria Fibre sampai ke alamat saya, dengan pautan untuk mendaftar. (pilihan) Daftar minat",
      );
    }
  });

  it("the sign-up opened with nothing in progress points to the address, for the product", () => {
    const tv = createFakeFlow({ product: "tv" });
    const fibre = createFakeFlow();
    expect(text(ssr(<SignUpStepper />, serverView(tv), "en"))).toBe(
      "Start by checking your address Suria TV comes by satellite, so it reaches every home: tell us where to install it, then choose your package. Find your address",
    );
    expect(text(ssr(<SignUpStepper />, serverView(fibre), "en"))).toBe(
      "Start by checking your address Sign-up opens once we know Suria Fibre is available at your home. Check fibre coverage",
    );
    expect(text(ssr(<SignUpStepper />, serverView(tv), "bm"))).toBe(
      "Mulakan dengan menyemak alamat anda Suria TV disiarkan melalui satelit, jadi ia sampai ke setiap rumah: beritahu kami di mana hendak memasangnya, kemudian pilih pakej anda. Cari alamat anda",
    );
    expect(text(ssr(<SignUpStepper />, serverView(fibre), "bm"))).not.toContain("TV");
  });

  it("fields take their limits and input hints from @portal/validation's schemas", async () => {
    const input = (html: string, name: string) =>
      html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
    const hints = (html: string, name: string) =>
      [...input(html, name).matchAll(/ (maxLength|inputMode|autoComplete)="([^"]*)"/g)].map(
        ([, attribute, value]) => `${attribute}=${value}`,
      );
    const address = await rendered("address", <AddressStep />, "en");
    expect(hints(address, "postalCode")).toEqual([
      `maxLength=${POSTCODE_LENGTH}`,
      "inputMode=numeric",
      "autoComplete=postal-code",
    ]);
    expect(hints(address, "streetName")).toEqual([
      `maxLength=${STREET_FIELD_MAX_LENGTH.streetName}`,
      "autoComplete=off",
    ]);
    expect(hints(address, "city")).toEqual([
      `maxLength=${STREET_FIELD_MAX_LENGTH.city}`,
      "autoComplete=address-level2",
    ]);
    const details = await rendered("details", <DetailsStep />, "en");
    expect(hints(details, "name")).toEqual([`maxLength=${NAME_MAX_LENGTH}`, "autoComplete=name"]);
    expect(hints(details, "phoneNumber")).toEqual([
      `maxLength=${PHONE_NUMBER_MAX_LENGTH}`,
      "inputMode=tel",
      "autoComplete=tel",
    ]);
    expect(hints(details, "alternatePhoneNumber")).toEqual([
      `maxLength=${PHONE_NUMBER_MAX_LENGTH}`,
      "inputMode=tel",
      "autoComplete=off",
    ]);
    expect(hints(details, "email")).toEqual([
      `maxLength=${EMAIL_MAX_LENGTH}`,
      "inputMode=email",
      "autoComplete=email",
    ]);
    const plan = await rendered("package", <SignUpStepper />, "en");
    expect(hints(plan, "code")).toEqual([
      `maxLength=${REFERRAL_CODE_INPUT_MAX_LENGTH}`,
      "autoComplete=off",
    ]);
    const interest = await rendered("notCovered", <RegisterInterest />, "en");
    const { maxLength } = fieldConstraints(registerInterestFormSchema.entries.address);
    expect(hints(interest, "address")).toEqual([
      `maxLength=${maxLength}`,
      "autoComplete=street-address",
    ]);
    const flow = await driveTo(createFakeFlow(), "otp");
    await flow.generateOtp();
    const otp = ssr(<OtpStep />, serverView(flow), "en");
    // No maxLength on the code: a pasted "123 456" is cut to it before its digits are kept.
    expect(hints(otp, "otp")).toEqual(["inputMode=numeric", "autoComplete=one-time-code"]);
    expect(text(otp)).toContain("You can ask for a new code in 3:00.");
  });
});

describe("FibreSignUp", () => {
  it("renders with renderToString: the address step, in Malay and English", () => {
    const html = (language: "bm" | "en") =>
      renderToString(
        <FibreSignUp api={createFakeLeadApi()} environment="test" language={language} />,
      );
    expect(text(html("bm"))).toMatch(
      /^Alamat anda Poskod \(wajib\) 5 digit, contohnya 47301 .* Cari alamat saya$/,
    );
    expect(text(html("en"))).toMatch(
      /^Your address Postcode \(required\) 5 digits, for example 47301 .* Find my address$/,
    );
  });

  it("renders the state before any restore on a server, whatever the storage holds", async () => {
    const storage = (await import("../../index.js")).createMemoryStorage();
    const earlier = await driveTo(createFakeFlow({ storage }), "otp");
    expect(earlier.getSnapshot().step).toBe("otp");
    const html = renderToString(
      <FibreSignUp api={createFakeLeadApi()} environment="test" language="en" storage={storage} />,
    );
    expect(text(html)).toMatch(/^Your address /);
  });

  it("names the option it misses", () => {
    expect(() => renderToString(<FibreSignUp environment="test" language="en" />)).toThrow(
      'FibreSignUp needs the "api" option',
    );
  });
});

import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ReactNode } from "react";
import { storyLanguage } from "../../ui/.storybook/language";
import {
  createFakeFlow,
  createFakeLeadApi,
  driveTo,
  type FakeStep,
} from "../fixtures/fake-lead-api";
import { createMemoryStorage, type LeadFlow, type LeadFlowOptions } from "../src/index";
import {
  AddressPicker,
  AddressStep,
  Confirmation,
  ConsentStep,
  CoverageResult,
  DetailsStep,
  DocumentsStep,
  SlotStep,
  FibreSignUp,
  OtpStep,
  RegisterInterest,
  ReviewStep,
  SignUpProvider,
  SignUpStepper,
  type SignUpNavigation,
} from "../src/sign-up/index";

// Every step of the sign-up, each over a flow driven to it through in-memory services
// (fixtures/fake-lead-api.ts): what a visitor sees at that point, in the toolbar's language.
const meta = {
  title: "Sign-up",
  parameters: { layout: "fullscreen" },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every place is a link of the page (a host routes them). */
const navigation: SignUpNavigation = { href: (place) => `#${place}`, navigate: () => undefined };

function journey(
  node: ReactNode,
  drive: (flow: LeadFlow) => Promise<unknown> = async () => undefined,
  options: Partial<LeadFlowOptions> = {},
): Story {
  return {
    loaders: [
      async () => {
        const flow = createFakeFlow(options);
        await drive(flow);
        return { flow };
      },
    ],
    render: (_args, { loaded, globals }) => (
      <SignUpProvider
        flow={loaded.flow as LeadFlow}
        language={storyLanguage(globals)}
        navigation={navigation}
      >
        <main className="pui-container">{node}</main>
      </SignUpProvider>
    ),
  };
}

const at = (step: FakeStep, node: ReactNode, options?: Partial<LeadFlowOptions>) =>
  journey(node, (flow) => driveTo(flow, step), options);

/** Sends the story's first form, empty or as it is (its error summary takes focus). */
const submitFirstForm: Story["play"] = async ({ canvasElement }) => {
  canvasElement.querySelector("form")?.requestSubmit();
  await new Promise((resolve) => setTimeout(resolve, 50));
};

export const AddressSearch: Story = at("address", <AddressStep />);
export const AddressSearchWithErrors: Story = {
  ...at("address", <AddressStep />),
  play: submitFirstForm,
};
export const AddressPickerWithFilter: Story = journey(<AddressPicker />, async (flow) => {
  flow.edit("search", { postalCode: "47301", residenceType: "landed" });
  await flow.searchAddress();
});
export const Covered: Story = at("covered", <CoverageResult />);
export const NotCoveredWithSuriaTv: Story = at("notCovered", <CoverageResult />);
export const Plan: Story = at("package", <SignUpStepper />);
export const PlanFromALinkWithAReferralCode: Story = at("package", <SignUpStepper />, {
  entry: "?package=fibre-500&referral=SURIA8K2Q",
});
export const Details: Story = at("details", <SignUpStepper />);
export const DetailsWithErrors: Story = {
  ...at("details", <DetailsStep />),
  play: submitFirstForm,
};
export const Otp: Story = journey(<SignUpStepper />, async (flow) => {
  await driveTo(flow, "otp");
  await flow.generateOtp();
});
export const OtpWrongCode: Story = journey(<OtpStep />, async (flow) => {
  await driveTo(flow, "otp");
  await flow.generateOtp();
  await flow.verifyOtp("000000").catch(() => undefined);
});
export const Consent: Story = at("consent", <ConsentStep />);
export const Documents: Story = at("documents", <SignUpStepper />);
export const DocumentsUploaded: Story = journey(<DocumentsStep />, async (flow) => {
  await driveTo(flow, "documents");
  const bill = new File(["%PDF-1.4\n%%EOF\n"], "bill.pdf", { type: "application/pdf" });
  await flow.uploadDocument(bill, { title: "MyKad (front)" });
});
export const InstallationSlot: Story = at("slot", <SignUpStepper />);
export const InstallationSlotHeld: Story = journey(<SlotStep />, async (flow) => {
  await driveTo(flow, "slot");
  await flow.holdSlot({ date: "2026-11-24", slot: "morning" });
});
export const InstallationSlotJustTaken: Story = at("slotTaken", <SlotStep />);
export const Review: Story = at("review", <ReviewStep />);
export const ConfirmationOfTheOrder: Story = at("submitted", <Confirmation />);
export const ConfirmationWithoutAnOrder: Story = journey(<Confirmation />);
export const RegisterInterestPrefilled: Story = at("notCovered", <RegisterInterest />);
export const TvSignUpNotStarted: Story = journey(<SignUpStepper />, async () => undefined, {
  product: "tv",
});
const storage = createMemoryStorage();
export const SessionEnded: Story = journey(
  <SignUpStepper />,
  async (flow) => {
    await driveTo(flow, "details");
    // The token is gone from the storage (expired, cleared): the next call ends the session.
    storage.removeItem(flow.storageKeys.token);
    await flow.updateLead().catch(() => undefined);
  },
  { storage },
);

/** The whole journey on one page, as another team drops it in (its own IntlProvider). */
export const WholeJourney: Story = {
  render: (_args, { globals }) => (
    <main className="pui-container">
      <FibreSignUp
        api={createFakeLeadApi()}
        environment="test"
        language={storyLanguage(globals)}
        storage={createMemoryStorage()}
      />
    </main>
  ),
};

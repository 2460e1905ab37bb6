// The README's per-step example: the sign-up's steps in your own pages and routes, over one
// journey per visitor. Run here with Node (react-dom/server) against the services (their URL is
// the first argument). The #region block is the README's snippet word for word.
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import { renderToString } from "react-dom/server";

// #region steps
import { createPortalApi } from "@portal/api-client";
import { createLeadFlow, type LeadFlow } from "@portal/lead-flow";
import signUpMessages from "@portal/lead-flow/lang/en";
import {
  AddressStep,
  SignUpProvider,
  SignUpStepper,
  type SignUpNavigation,
} from "@portal/lead-flow/sign-up";
import uiMessages from "@portal/ui/lang/en";
import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";

/** The journey of one visitor: in a browser one for the page's life, on a server one per request. */
export function createJourney(servicesUrl: string, search: string): LeadFlow {
  return createLeadFlow({
    api: createPortalApi({
      baseUrls: {
        address: `${servicesUrl}/address`,
        shop: `${servicesUrl}/shop`,
        content: `${servicesUrl}/content`,
      },
    }),
    environment: "development",
    language: "en",
    entry: search, // the link's plan, packs, referral code and postcode
  });
}

/** Where the sign-up's places are in your site (a router's navigate may go in `navigate`). */
const navigation: SignUpNavigation = {
  href: (place) =>
    ({
      address: "/sign-up/address",
      signup: "/sign-up",
      confirmation: "/sign-up/done",
      interest: "/sign-up/interest",
      tvSignUp: "/tv/sign-up/address",
      home: "/",
      privacyNotice: "/privacy",
      terms: "/terms",
    })[place],
};

/** Your layout around a step: your IntlProvider with the sign-up's and @portal/ui's messages. */
function Steps({ flow, children }: { flow: LeadFlow; children: ReactNode }) {
  return (
    <IntlProvider locale="en" messages={{ ...uiMessages, ...signUpMessages }}>
      <SignUpProvider flow={flow} language="en" navigation={navigation}>
        <main>{children}</main>
      </SignUpProvider>
    </IntlProvider>
  );
}

/** /sign-up/address: the search, the picker and the coverage. */
export const AddressPage = ({ flow }: { flow: LeadFlow }) => (
  <Steps flow={flow}>
    <AddressStep />
  </Steps>
);

/** /sign-up: the seven numbered steps, resuming where the visitor left off. */
export const SignUpPage = ({ flow }: { flow: LeadFlow }) => (
  <Steps flow={flow}>
    <SignUpStepper />
  </Steps>
);
// #endregion steps

// Run as a script: a page per request, and the journey the steps call, to the plan step.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const servicesUrl = process.argv[2] ?? "http://localhost:4000";
  const flow = createJourney(servicesUrl, "?package=fibre-500");
  assert.match(renderToString(<AddressPage flow={flow} />), /Find my address<\/button>/);
  // A server renders the state before any saved journey: the numbered steps wait for the
  // browser's (a placeholder), so the hydration matches.
  assert.match(renderToString(<SignUpPage flow={flow} />), /aria-busy="true"/);
  // What the address step's form and picker do when the visitor uses them:
  flow.edit("search", { postalCode: "47301", residenceType: "landed" });
  const [first] = await flow.searchAddress();
  await flow.selectAddress(first!);
  await flow.settled();
  const { step, selection, order } = flow.getSnapshot();
  assert.equal(step, "package");
  assert.equal(selection.packageId, "fibre-500");
  assert.equal(order?.packageId, "fibre-500"); // the link's plan, priced by the service
  flow.destroy();
  console.log(`at the plan step with ${order?.packageId}, priced`);
}

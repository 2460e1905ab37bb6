// The README's React example: the same store behind thin hooks. Rendered here on the server
// (react-dom/server) so it runs in Node; in a browser app render <App /> with createRoot or
// hydrateRoot. The #region block is the README's snippet word for word.
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import { renderToString } from "react-dom/server";

// #region react
import { createPortalApi } from "@portal/api-client";
import { createLeadFlow } from "@portal/lead-flow";
import { LeadFlowProvider, useLeadFlow, useOtpResendSeconds } from "@portal/lead-flow/react";
import { useState } from "react";

function OtpStep() {
  const { state, flow } = useLeadFlow();
  const seconds = useOtpResendSeconds();
  return (
    // The code as typed is the flow's draft; the view calls the flow from its handlers only.
    <form onSubmit={(event) => (event.preventDefault(), void flow.verifyOtp())}>
      <p>Step: {state.step}</p>
      <input value={state.drafts.otp} onChange={(e) => flow.edit("otp", e.target.value)} />
      <button type="button" disabled={seconds > 0} onClick={() => void flow.generateOtp()}>
        {seconds > 0 ? `Send again in ${seconds} s` : "Send the code"}
      </button>
    </form>
  );
}

export function App({ servicesUrl }: { servicesUrl: string }) {
  // One flow per visitor: created with the component (per request on a server).
  const [flow] = useState(() =>
    createLeadFlow({
      api: createPortalApi({
        baseUrls: {
          address: `${servicesUrl}/address`,
          shop: `${servicesUrl}/shop`,
          content: `${servicesUrl}/content`,
        },
      }),
      environment: "development",
      language: "bm",
    }),
  );
  return (
    <LeadFlowProvider flow={flow}>
      <OtpStep />
    </LeadFlowProvider>
  );
}
// #endregion react

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const html = renderToString(<App servicesUrl={process.argv[2] ?? "http://localhost:4000"} />);
  console.log(html);
  assert.match(html, /Step: <!-- -->start/);
  assert.match(html, /Send the code/);
}

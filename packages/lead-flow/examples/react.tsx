// The README's React example: the same store behind thin hooks. Rendered here on the server
// (react-dom/server) so it runs in Node; in a browser app render <App /> with createRoot.
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";

// #region react
import { createPortalApi } from "@portal/api-client";
import { createLeadFlow } from "@portal/lead-flow";
import { LeadFlowProvider, useLeadFlow, useOtpResendSeconds } from "@portal/lead-flow/react";

const base = process.env.PORTAL_URL ?? "http://localhost:4000";
const api = createPortalApi({
  baseUrls: { address: `${base}/address`, shop: `${base}/shop`, content: `${base}/content` },
});
const flow = createLeadFlow({ api, environment: "development", language: "bm" });

function OtpStep() {
  const { state, flow } = useLeadFlow();
  const seconds = useOtpResendSeconds();
  return (
    <form onSubmit={(event) => (event.preventDefault(), void flow.verifyOtp("123456"))}>
      <p>Step: {state.step}</p>
      <button type="button" disabled={seconds > 0} onClick={() => void flow.generateOtp()}>
        {seconds > 0 ? `Send again in ${seconds} s` : "Send the code"}
      </button>
    </form>
  );
}

export function App() {
  return (
    <LeadFlowProvider flow={flow}>
      <OtpStep />
    </LeadFlowProvider>
  );
}
// #endregion react

const html = renderToString(<App />);
console.log(html);
assert.match(html, /Step: <!-- -->start/);
assert.match(html, /Send the code/);
flow.destroy();

// The browser quick start of the README: a new Vite app's src/App.tsx. CI runs this file with
// Node (the server's render) and scripts/consumer-vite.mjs builds the README's copy in a fresh
// `npm create vite` app, renders it on the server and hydrates it in Chromium.
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { pathToFileURL } from "node:url";

// #region quick-start
import { FibreSignUp } from "@portal/lead-flow/sign-up";

/** src/App.tsx of a new Vite + React app: the whole fibre sign-up, against the services. */
export default function App({ servicesUrl = "http://localhost:4000" }: { servicesUrl?: string }) {
  return (
    <FibreSignUp
      baseUrls={{
        address: `${servicesUrl}/address`,
        shop: `${servicesUrl}/shop`,
        content: `${servicesUrl}/content`,
      }}
      environment="development" // not "production": the services' OTP mock, the code is 123456
      language="en" // or "bm"
      entry={typeof location === "undefined" ? "" : location.search} // ?package=, ?postcode= ...
      onOrder={(orderNumber) => console.log(`order ${orderNumber}`)}
    />
  );
}
// #endregion quick-start

// Run as a script: what the server renders first, the address step.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const html = renderToString(<App servicesUrl={process.argv[2] ?? "http://localhost:4000"} />);
  assert.match(html, /<h2 id="[^"]+">Your address<\/h2>/);
  assert.match(html, /Find my address<\/button>/);
  console.log("quick start: the address step rendered");
}

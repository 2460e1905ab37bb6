// The README's <FibreSignUp> example: a server renders the sign-up for each request, and the
// browser hydrates the same element. Run here with Node (react-dom/server) against the services
// (their URL is the first argument). The #region block is the README's snippet word for word.
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";

// #region fibre-sign-up
import { FibreSignUp } from "@portal/lead-flow/sign-up";
import { renderToString } from "react-dom/server";
// In your page's styles: @portal/ui/styles.css, then @portal/lead-flow/sign-up.css.

/** Your page's sign-up: the whole journey in one element, with its own flow and messages. */
export function SignUpSection(props: {
  servicesUrl: string;
  environment: string;
  language: "bm" | "en";
  search: string;
}) {
  const { servicesUrl } = props;
  return (
    <FibreSignUp
      baseUrls={{
        address: `${servicesUrl}/address`,
        shop: `${servicesUrl}/shop`,
        content: `${servicesUrl}/content`,
      }}
      environment={props.environment} // "production" turns the OTP mock off
      language={props.language}
      entry={props.search} // the page's link: ?package=, ?addOn=, ?referral=, ?postcode=
      links={{ home: "/", privacyNotice: "/privacy", terms: "/terms", tvSignUp: "/tv/sign-up" }}
      onOrder={(orderNumber) => console.log(`sign-up submitted: ${orderNumber}`)}
    />
  );
}

/**
 * On a server, per request: FibreSignUp creates its flow as it renders (one per render, none at
 * module scope) and renders the state before any saved journey, which is also what the browser's
 * first render shows: hydrateRoot(container, <SignUpSection {...sameProps} />) matches it, then
 * shows the visitor's saved journey.
 */
export function renderSignUp(request: Request, servicesUrl: string, environment: string): string {
  const url = new URL(request.url);
  const language = url.searchParams.get("language") === "en" ? "en" : "bm";
  const html = renderToString(
    <SignUpSection
      servicesUrl={servicesUrl}
      environment={environment}
      language={language}
      search={url.search}
    />,
  );
  return `<div id="sign-up" lang="${language === "bm" ? "ms" : "en"}">${html}</div>`;
}
// #endregion fibre-sign-up

// Run as a script: the address step, in English and in Malay, from a campaign's link.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const servicesUrl = process.argv[2] ?? "http://localhost:4000";
  const page = (query: string) =>
    renderSignUp(new Request(`https://shop.example/sign-up?${query}`), servicesUrl, "development");
  const en = page("language=en&package=fibre-500");
  assert.match(en, /<h2 id="[^"]+">Your address<\/h2>/);
  assert.match(en, /Find my address<\/button>/);
  assert.match(page("package=fibre-500"), /Cari alamat saya<\/button>/);
  console.log("rendered the sign-up in en and bm");
}

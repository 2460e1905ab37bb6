/**
 * Speculation rules of every page: the browser prerenders the likely next step of the sign-up
 * when the visitor shows intent (eagerness "moderate": a 200 ms hover or a pointer down), so it
 * opens at once. A plan, campaign, package or bundle page leads to the coverage check; the
 * coverage check leads to the sign-up. Other same-site links are only prefetched on a pointer
 * down (the HTML, not its scripts). A prerendered page defers its analytics until it is shown
 * (src/shared/analytics.ts).
 *
 * They matter only until the page is hydrated: from then on the router opens pages itself (and
 * preloads them on intent), and a prerendered document would be work thrown away. So the page's
 * first script adds them (`speculationRulesBoot`, before anything paints) and the root removes
 * them once hydrated (removing the rules cancels their prerenders). The CSP allows the rules by
 * the hash of their text (src/server/security.ts; Chromium 156 ignores the
 * 'inline-speculation-rules' keyword and asks for a hash or a nonce).
 */
export const SPECULATION_RULES = {
  prerender: [
    {
      where: {
        // URL patterns as dictionaries: the parts not named (the query) match anything.
        or: [
          { href_matches: { pathname: "/coverage" } },
          { href_matches: { pathname: "/signup" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
  prefetch: [
    {
      where: { href_matches: { pathname: "/*" } },
      eagerness: "conservative",
    },
  ],
} as const;

/** The id of the rules' `<script type="speculationrules">`. */
export const SPECULATION_RULES_ID = "portal-speculation-rules";

/** The text of the rules' script (the CSP allows exactly this text by its hash). */
export const SPECULATION_RULES_TEXT = JSON.stringify(SPECULATION_RULES);

/** Source the first script runs: adds the rules where the browser supports them. */
export function speculationRulesBoot(): string {
  const rules = JSON.stringify(SPECULATION_RULES_TEXT).replace(/</g, "\\u003c");
  return `(function(r){if(!(HTMLScriptElement.supports&&HTMLScriptElement.supports("speculationrules")))return;var s=document.createElement("script");s.type="speculationrules";s.id=${JSON.stringify(SPECULATION_RULES_ID)};s.textContent=r;document.head.appendChild(s)})(${rules})`;
}

/** Called once the page is hydrated: the router opens pages from now on. */
export function dropSpeculationRules(): void {
  document.getElementById(SPECULATION_RULES_ID)?.remove();
}

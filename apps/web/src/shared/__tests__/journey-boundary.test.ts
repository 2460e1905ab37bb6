import { ESLint } from "eslint";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { AppApi } from "../api";

// The sign-up journey is @portal/lead-flow's (issue 20). The lint rules of eslint.config.js hold
// the line in apps/web and in the package's sign-up components: no effect calls the flow (but
// SignUpProvider's language), no journey storage key or step list, no shop or address call but
// the flow's, no second client of those services. This test shows each rule firing on the code
// it forbids (so a rule that stops matching fails here), and the types below do the rest.
const root = join(import.meta.dirname, "..", "..", "..", "..", "..");
const eslint = new ESLint({ cwd: root });

async function problems(code: string, file = "apps/web/src/features/x/components/x.tsx") {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message.split(":")[0]}`);
}

// The first lint loads the whole config and the TypeScript parser: seconds on a busy machine.
describe("the journey's lint rules", { timeout: 60_000 }, () => {
  it("no effect calls the flow, in the app or in the sign-up components", async () => {
    const effect = `import { useEffect } from "react";
export function X({ flow }: { flow: { loadOffers(): void } }) {
  useEffect(() => { flow.loadOffers(); }, [flow]);
  return null;
}
`;
    expect(await problems(effect)).toEqual(["no-restricted-syntax: No effect calls the lead flow"]);
    expect(await problems(effect, "packages/lead-flow/src/sign-up/plan-step.tsx")).toEqual([
      "no-restricted-syntax: No effect calls the lead flow",
    ]);
    const journey = `import { useEffect } from "react";
export function X({ journey }: { journey: { flow: { restore(): void } } }) {
  useEffect(() => journey.flow.restore(), [journey]);
  return null;
}
`;
    expect(await problems(journey)).toEqual([
      "no-restricted-syntax: No effect calls the lead flow",
    ]);
    // From an event handler it is how a view calls the flow.
    expect(
      await problems(`export function X({ flow }: { flow: { loadOffers(): void } }) {
  return <button type="button" onClick={() => flow.loadOffers()} />;
}
`),
    ).toEqual([]);
  });

  it("the journey's storage, steps and service calls are the flow's", async () => {
    expect(await problems(`export const key = "portal.lead-flow.fibre.token";\n`)).toEqual([
      "no-restricted-syntax: The journey's storage keys and rules are @portal/lead-flow's (its storageKeys, its error codes).",
    ]);
    expect(await problems(`export const steps = ["address", "package", "details"];\n`)).toEqual([
      "no-restricted-syntax: A list of the journey's steps is a step model",
    ]);
    expect(
      await problems(
        `export const send = (api: { shop: { updateSbbOrder(b: object): void } }) => api.shop.updateSbbOrder({});\n`,
      ),
    ).toEqual(["no-restricted-syntax: The shop and address services are the lead flow's"]);
    expect(await problems(`export const read = () => localStorage.getItem("x");\n`)).toEqual([
      "no-restricted-syntax: The app stores only the language (shared/language.ts) and closed banners; the journey is kept by @portal/lead-flow.",
    ]);
    expect(
      await problems(
        `import { createPortalApi } from "@portal/api-client";\nexport const c = createPortalApi;\n`,
      ),
    ).toEqual([
      "no-restricted-imports: 'createPortalApi' import from '@portal/api-client' is restricted. The app's client is shared/api.ts (content, config); the shop and address services are the lead flow's (shared/lead-flow.ts).",
    ]);
  });
});

describe("the journey's types", () => {
  it("the app's own client reaches the content and config services only", () => {
    expectTypeOf<AppApi>().toHaveProperty("content");
    expectTypeOf<AppApi>().not.toHaveProperty("shop");
    expectTypeOf<AppApi>().not.toHaveProperty("address");
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The sign-up journey is @portal/lead-flow's (issue 11): apps/web pages are views over the flow's
// state. This test reads every source file of the app and fails on a step model, a journey
// storage key, a journey rule or a direct call of a journey operation outside the flow.
const src = join(import.meta.dirname, "..", "..", "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|gen)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The code of a file without its comments (a comment may name what the flow does). */
const code = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/\s\/\/ .*$/gm, "");

const files = sources(src).map((path) => ({
  path: relative(src, path),
  text: code(readFileSync(path, "utf8")),
}));

/** The files whose text matches, so a failure names them. */
const matching = (pattern: RegExp, allowed: string[] = []) =>
  files.filter((f) => pattern.test(f.text) && !allowed.includes(f.path)).map((f) => f.path);

describe("the journey lives in @portal/lead-flow, not in apps/web", () => {
  it("reads the app's sources (the check below is not vacuous)", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.map((f) => f.path)).toContain(
      join("features", "fibre-journey", "components", "signup-page.tsx"),
    );
  });

  it("keeps no step model of its own", () => {
    expect(matching(/\bUI_STEPS\b|\bSTEP_ORDER\b/)).toEqual([]);
    // A list of the journey's step names in the app is a step model.
    expect(matching(/\[\s*"(address|package)",\s*"(package|details)",/)).toEqual([]);
  });

  it("keeps no journey storage key and stores nothing of the journey itself", () => {
    expect(matching(/portal\.lead-flow|chosen-package|chosenPackage|leadToken/)).toEqual([]);
    // Only the language choice and the closed banners are the app's own storage.
    expect(matching(/\b(session|local)Storage\b/)).toEqual([
      join("features", "banners", "components", "site-banners.tsx"),
      join("routes", "__root.tsx"),
      join("shared", "language.ts"),
    ]);
  });

  it("calls no journey operation and runs no journey rule outside the flow", () => {
    // The app's own client reaches only the content and config services; the shop and address
    // services (leads, coverage, OTP, orders, entitled fibre, register interest) only through the
    // flow, created in one place.
    expect(matching(/createPortalApi\(/)).toEqual([
      join("features", "contact", "api", "submit-contact-us.ts"),
      join("shared", "api.ts"),
      join("shared", "lead-flow.ts"),
    ]);
    expect(
      matching(
        /(?<!\bflow\.)\b(generateSbbLead|updateSbbLead|checkIspCoverage|searchAddress|generateOtp|verifyOtp|updateSbbOrder|purchaseSbbOrder|getEntitled|registerInterest|checkEntitled)\s*\(/,
      ),
    ).toEqual([]);
    expect(matching(/Token is unavailable|AWS_DYNAMODB_GET_FAILED|SMC_MANDATORY/)).toEqual([]);
    expect(matching(/sequence\s*%|OTP_RESEND_SECONDS\s*=|180_?000/)).toEqual([]);
  });
});

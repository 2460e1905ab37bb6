import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { areasForPath, MESSAGE_AREAS } from "../i18n";

// The fibre journey's pages load the shell catalog and the fibre area only (the files they load
// before hydrating). This holds only while every message id the journey's code
// names is in one of the two: the check below reads the sources.
const src = join(import.meta.dirname, "..", "..");
const compiled = (file: string) =>
  Object.keys(JSON.parse(readFileSync(join(src, "lang", "compiled", file), "utf8")) as object);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("areasForPath", () => {
  it("gives the fibre journey's pages the fibre area only", () => {
    for (const path of ["/coverage", "/signup", "/signup/confirmation", "/register-interest"]) {
      expect(areasForPath(path), path).toEqual(["fibre"]);
    }
  });

  it("gives content screens none and every other path all of them", () => {
    expect(areasForPath("/")).toEqual([]);
    expect(areasForPath("/channels/astro-ria")).toEqual([]);
    expect([...MESSAGE_AREAS].sort()).toEqual(["checks", "fibre", "support"]);
    for (const path of ["/entitled-fibre", "/b40", "/referral", "/support", "/coverage-x"]) {
      expect(areasForPath(path), path).toEqual(MESSAGE_AREAS);
    }
  });

  it("finds every message id of the fibre journey's code in the shell catalog or the fibre area", () => {
    const known = new Set([...compiled("en.json"), ...compiled(join("areas", "fibre.en.json"))]);
    const files = [
      ...sources(join(src, "features", "fibre-journey")),
      ...["coverage", "signup.index", "signup.confirmation", "register-interest"].map((route) =>
        join(src, "routes", `${route}.tsx`),
      ),
    ];
    // The steps' own messages come from @portal/lead-flow/sign-up's catalog.
    const signUp = Object.keys(
      JSON.parse(
        readFileSync(
          createRequire(import.meta.url).resolve("@portal/lead-flow/lang/source/en.json"),
          "utf8",
        ),
      ) as object,
    );
    const ids = [
      ...signUp,
      ...files.flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/\bid:\s*"([^"]+)"/g)].map((match) => match[1]!),
      ),
    ];
    expect(signUp.length).toBeGreaterThan(200);
    expect(ids.filter((id) => !known.has(id))).toEqual([]);
  });
});

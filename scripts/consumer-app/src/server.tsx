import bm from "@portal/lead-flow/lang/bm";
import en from "@portal/lead-flow/lang/en";
import { renderToString } from "react-dom/server";
import { SignUp } from "./sign-up";

// The sign-up rendered on the server in each language: its first heading, and nothing reported.
for (const language of ["bm", "en"] as const) {
  const reported: string[] = [];
  console.error = (...args: unknown[]) => reported.push(args.join(" "));
  const html = renderToString(<SignUp language={language} search="" />);
  const heading = { bm, en }[language]["signup.address.heading"];
  if (!html.includes(`>${heading}</h2>`)) throw new Error(`${language}: no heading "${heading}"`);
  if (reported.length > 0) throw new Error(`${language}: ${reported.join("\n")}`);
  console.info(`${language}: ${html.length} characters of HTML, first heading "${heading}"`);
}

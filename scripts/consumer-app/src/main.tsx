import "@portal/ui/styles.css";
import "@portal/lead-flow/sign-up.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { SignUp } from "./sign-up";

const language = new URLSearchParams(location.search).get("language") === "en" ? "en" : "bm";
document.documentElement.lang = language === "bm" ? "ms" : "en";
createRoot(document.getElementById("sign-up")!).render(
  <StrictMode>
    <SignUp language={language} search={location.search} />
  </StrictMode>,
);

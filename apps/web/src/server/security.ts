import { createHash } from "node:crypto";
import { SPECULATION_RULES_TEXT } from "../shared/speculation-rules";

/** What the Content-Security-Policy of a page allows beyond the site itself. */
export interface CspOptions {
  /** Origins of the services the browser calls and loads images from. */
  serviceOrigins: readonly string[];
  /** Hashes ('sha256-...') of the page's inline scripts, or its nonce: never 'unsafe-inline'. */
  scriptSources: readonly string[];
}

/** 'sha256-<base64>' of an inline script's text, as CSP hashes it. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

const speculationRulesHash = scriptHash(SPECULATION_RULES_TEXT);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** Hashes of every inline script of a page that runs (JSON-LD data blocks do not). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", source = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/.test(attributes) || /type=["']application\/(ld\+)?json["']/.test(attributes))
      continue;
    hashes.add(scriptHash(source));
  }
  return [...hashes];
}

/**
 * The page's Content-Security-Policy: scripts from the site and the listed inline scripts only
 * (hashes or a nonce, no 'unsafe-inline'), no framing, no plugins, no <base>. Styles allow inline
 * (the critical CSS is inlined and CMS colours are style attributes; styles cannot run code).
 */
export function contentSecurityPolicy(options: CspOptions): string {
  const services = options.serviceOrigins.join(" ");
  return [
    "default-src 'self'",
    // The speculation rules the first script adds (JSON, never code), by the hash of their text.
    `script-src 'self' 'report-sample' ${speculationRulesHash} ${options.scriptSources.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    // blob: for the sign-up's preview of an ID document the visitor just chose (an object URL).
    `img-src 'self' data: blob: ${services}`.trim(),
    `connect-src 'self' ${services}`.trim(),
    "font-src 'self'",
    // The contact form's proof-of-work captcha (ALTCHA) runs in a worker it starts from a blob.
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Headers every response of the web server carries. */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy":
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    ...(production ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

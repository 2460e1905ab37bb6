import { defineConfig } from "@playwright/test";
import { launchOptions } from "./e2e/chromium";

/**
 * E2E against a running portal and services (see README: `pnpm start`, or set E2E_BASE_URL).
 * Drives Debian's Chromium (/usr/bin/chromium); Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://localhost:3000",
    locale: "en-GB",
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});

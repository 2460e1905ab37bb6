// One lint setup for the whole workspace: each package runs `eslint .` and finds this file.
import js from "@eslint/js";
import formatjs from "eslint-plugin-formatjs";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Calls of the shop and address services (leads, coverage, orders, OTP, documents). */
const JOURNEY_OPERATIONS =
  "/^(generateSbbLead|updateSbbLead|greenfieldSearch|checkIspCoverage|getSbbOffers|updateSbbOrder|purchaseLead|generateSignedUrl|deleteDocument|generateOtp|verifyOtp|submitConsent|registerInterest|getEntitledAstroFibre|claimEntitledAstroFibre)$/";

/** What only @portal/lead-flow does: its storage keys, steps, rules and service calls. */
const journeySyntax = [
  {
    selector:
      ":matches(CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/], CallExpression[callee.property.name=/^use(Layout|Insertion)?Effect$/]) CallExpression[callee.object.name='flow']",
    message:
      "No effect calls the lead flow: draw its state and call it from an event handler (the flow starts the loads a step needs; the language reaches it through SignUpProvider).",
  },
  {
    selector:
      ":matches(CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/], CallExpression[callee.property.name=/^use(Layout|Insertion)?Effect$/]) CallExpression[callee.object.property.name='flow']",
    message: "No effect calls the lead flow: call it from an event handler.",
  },
  {
    selector: `CallExpression[callee.property.name=${JOURNEY_OPERATIONS}]:not([callee.object.name='flow'])`,
    message:
      "The shop and address services are the lead flow's: call the flow (flow.searchAddress(), ...), never the service.",
  },
  {
    selector:
      ":matches(Literal, TemplateElement)[value=/portal\\.lead-flow|chosen-?package|leadToken|Token is unavailable|AWS_DYNAMODB_GET_FAILED|SMC_MANDATORY/i]",
    message:
      "The journey's storage keys and rules are @portal/lead-flow's (its storageKeys, its error codes).",
  },
  {
    selector: "Identifier[name=/^(UI_STEPS|STEP_ORDER)$/]",
    message: "The journey's steps are @portal/lead-flow's (STEPS, SIGNUP_STEPS).",
  },
  {
    selector:
      "ArrayExpression:has(> Literal[value='package']):has(> :matches(Literal[value='details'], Literal[value='address']))",
    message: "A list of the journey's steps is a step model: use @portal/lead-flow's SIGNUP_STEPS.",
  },
];

/** Web storage: the app keeps only the language and the closed banners there. */
const storageSyntax = [
  {
    selector: "Identifier[name=/^(localStorage|sessionStorage)$/]",
    message:
      "The app stores only the language (shared/language.ts) and closed banners; the journey is kept by @portal/lead-flow.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/.serve/**",
      "**/node_modules/**",
      "**/generated/**",
      "**/routeTree.gen.ts",
      "**/lang/compiled/**",
      "**/.turbo/**",
      "**/coverage/**",
      "**/test-results/**",
      "**/artifacts/**",
      "**/data/**",
      "**/.tanstack/**",
      "**/storybook-static/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks, formatjs },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every visible string goes through react-intl (STYLE.md, i18n).
      "formatjs/no-literal-string-in-jsx": "error",
      "formatjs/enforce-description": ["error", "literal"],
      "formatjs/enforce-default-message": ["error", "literal"],
      "formatjs/no-multiple-whitespaces": "error",
    },
  },
  {
    // The sign-up flow stays in small pieces (issue 20): a store, operation modules, a reducer per
    // part of the journey.
    files: ["packages/lead-flow/src/**/*.ts", "packages/lead-flow/src/**/*.tsx"],
    ignores: ["**/__tests__/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  // The sign-up journey is @portal/lead-flow's (issue 20): views draw the flow's state and call it
  // from event handlers, never from an effect (the flow starts the loads a step needs). In
  // apps/web the journey's storage, steps and shop/address calls are the flow's too.
  {
    files: ["apps/web/src/**/*.{ts,tsx}", "packages/lead-flow/src/sign-up/**/*.{ts,tsx}"],
    ignores: ["**/__tests__/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-syntax": ["error", ...journeySyntax, ...storageSyntax] },
  },
  {
    // The one effect that calls the flow: the provider hands it the page's language.
    files: ["packages/lead-flow/src/sign-up/context.tsx"],
    rules: { "no-restricted-syntax": ["error", ...storageSyntax] },
  },
  {
    // The app's own storage: the language choice and the closed banners.
    files: [
      "apps/web/src/shared/language.ts",
      "apps/web/src/routes/__root.tsx",
      "apps/web/src/features/banners/components/site-banners.tsx",
    ],
    rules: { "no-restricted-syntax": ["error", ...journeySyntax] },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ignores: [
      "**/__tests__/**",
      "apps/web/src/shared/api.ts",
      "apps/web/src/shared/lead-flow.ts",
      "apps/web/src/features/contact/api/submit-contact-us.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@portal/api-client",
              importNames: ["createPortalApi"],
              message:
                "The app's client is shared/api.ts (content, config); the shop and address services are the lead flow's (shared/lead-flow.ts).",
            },
          ],
          patterns: [
            {
              group: ["@portal/*/src/*", "**/packages/*/src/*"],
              message: "Import a package by its public entry points, not its sources.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      "**/__tests__/**",
      "**/*.test.ts",
      "**/*.test.tsx",
      "**/e2e/**",
      "**/bench/**",
      "**/examples/**",
      "**/*.stories.tsx",
    ],
    rules: { "formatjs/no-literal-string-in-jsx": "off" },
  },
);

// One lint setup for the whole workspace: each package runs `eslint .` and finds this file.
import js from "@eslint/js";
import formatjs from "eslint-plugin-formatjs";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
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

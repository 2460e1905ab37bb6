import type { StorybookConfig } from "@storybook/react-vite";

// The @portal/ui catalogue: every component in its states, in Malay and English (the Language
// toolbar), with the accessibility panel. Built by `pnpm --filter @portal/ui catalogue`, which
// also runs axe on every story in both languages (scripts/check-catalogue.mjs).
const config: StorybookConfig = {
  stories: ["../stories/*.stories.tsx"],
  addons: ["@storybook/addon-a11y"],
  framework: { name: "@storybook/react-vite", options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(config) {
    const { mergeConfig } = await import("vite");
    const { default: react } = await import("@vitejs/plugin-react");
    // Stories import the components from src/ (the catalogue shows the code as it is now).
    return mergeConfig(config, { plugins: [react()] });
  },
};

export default config;

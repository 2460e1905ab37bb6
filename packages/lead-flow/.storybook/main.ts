import type { StorybookConfig } from "@storybook/react-vite";

// The sign-up's catalogue: every step in its states, in Malay and English (the Language toolbar),
// with the accessibility panel, each story driving a flow over in-memory services
// (fixtures/fake-lead-api.ts). Built by `pnpm --filter @portal/lead-flow catalogue`, which runs
// @portal/ui's check (axe on every story in both languages, at 375 and 1280 px) on it. Its own
// catalogue, not @portal/ui's: @portal/ui must not depend on @portal/lead-flow.
const config: StorybookConfig = {
  stories: ["../stories/*.stories.tsx"],
  addons: ["@storybook/addon-a11y"],
  framework: { name: "@storybook/react-vite", options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(config) {
    const { mergeConfig } = await import("vite");
    const { default: react } = await import("@vitejs/plugin-react");
    // Stories import the components from src/ (and @portal/* from their sources).
    return mergeConfig(config, {
      plugins: [react()],
      resolve: { conditions: ["@portal/source", "module", "browser", "development|production"] },
    });
  },
};

export default config;

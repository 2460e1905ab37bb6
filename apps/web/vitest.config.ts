import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ["@portal/source"] },
  test: { include: ["src/**/*.test.ts", "src/**/*.test.tsx"] },
});

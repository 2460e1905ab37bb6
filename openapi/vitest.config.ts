import { defineConfig } from "vitest/config";

export default defineConfig({
  // The machine is shared: compiling every schema of content.yaml can take seconds under load.
  test: { include: ["test/**/*.test.ts"], testTimeout: 30_000 },
});

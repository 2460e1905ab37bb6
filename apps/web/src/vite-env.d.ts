/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin under which every service lives at /<service> (default http://localhost:4000). */
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_CONTENT_URL?: string;
  readonly VITE_CONFIG_URL?: string;
  readonly VITE_ADDRESS_URL?: string;
  readonly VITE_SHOP_URL?: string;
  readonly VITE_MARKETING_URL?: string;
  readonly VITE_UPLOADS_URL?: string;
  /** Set to "false" to turn analytics pushes off. */
  readonly VITE_ANALYTICS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

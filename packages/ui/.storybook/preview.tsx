import type { Preview } from "@storybook/react-vite";
import bm from "../src/lang/bm.json";
import en from "../src/lang/en.json";
import "../src/styles.css";
import { sharedPreview, withLanguage } from "./language";

const preview: Preview = {
  ...sharedPreview,
  decorators: [withLanguage({ bm: [bm], en: [en] })],
};

export default preview;

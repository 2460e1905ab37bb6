import type { Preview } from "@storybook/react-vite";
import uiBm from "@portal/ui/lang/source/bm.json";
import uiEn from "@portal/ui/lang/source/en.json";
import "@portal/ui/styles.css";
// The decorators and checks of @portal/ui's catalogue, shared by path (no package dependency).
import { sharedPreview, withLanguage } from "../../ui/.storybook/language";
import bm from "../src/sign-up/lang/bm.json";
import en from "../src/sign-up/lang/en.json";
import "../src/sign-up/sign-up.css";

const preview: Preview = {
  ...sharedPreview,
  decorators: [withLanguage({ bm: [uiBm, bm], en: [uiEn, en] })],
};

export default preview;

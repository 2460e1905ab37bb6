import * as v from "valibot";
import { M } from "./codes.js";
import { LANGUAGES, PRODUCTS, STATES } from "./constants.js";

export { STATE_NAMES } from "./address-fields.js";
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PRODUCTS,
  STATES,
  type Language,
  type Product,
  type State,
} from "./constants.js";

/** A language code: bm or en. */
export const languageSchema = v.picklist(LANGUAGES, M.language);

/** A product key: fibre or tv. */
export const productSchema = v.picklist(PRODUCTS, M.product);

/** A state slug, one of STATES. */
export const stateSchema = v.picklist(STATES, M.state);

import * as v from "valibot";
import { M } from "./codes.js";

// Lower-case ASCII letters and digits, words joined by single or repeated dashes, starting with a
// letter or digit (kebab-case content ids, image names).
const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const IMAGE_EXTENSIONS = ["svg", "png"] as const;

/** Longest accepted slug (content ids, support slugs). */
export const SLUG_MAX_LENGTH = 64;
/** Longest accepted image file name without its extension. */
export const IMAGE_NAME_MAX_LENGTH = 151;

/** Tells whether a string is a slug of at most `maxLength` characters. */
export const isSlug = (value: unknown, maxLength = SLUG_MAX_LENGTH): boolean =>
  typeof value === "string" && value.length <= maxLength && SLUG.test(value);

/** A kebab-case identifier: `[a-z0-9][a-z0-9-]*`, at most 64 characters (content ids). */
export const slugSchema = v.pipe(
  v.string(M.type),
  v.nonEmpty(M.required),
  v.maxLength(SLUG_MAX_LENGTH, M.tooLong),
  v.regex(SLUG, M.slug),
);

/**
 * A served content image file name: a slug of at most 151 characters, then `.svg` or `.png`
 * (no separator, dot segment or upper case can reach the file system).
 */
export const imageNameSchema = v.pipe(
  v.string(M.type),
  v.nonEmpty(M.required),
  v.check((value: string) => {
    const dot = value.lastIndexOf(".");
    return (
      dot > 0 &&
      (IMAGE_EXTENSIONS as readonly string[]).includes(value.slice(dot + 1)) &&
      isSlug(value.slice(0, dot), IMAGE_NAME_MAX_LENGTH)
    );
  }, M.slug),
);

/** Tells whether a string is a served content image file name. */
export const isImageName = (value: unknown): boolean => v.is(imageNameSchema, value);

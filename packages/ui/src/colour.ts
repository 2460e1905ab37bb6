/** An RGB triple with channels 0..255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Brightness above which a background counts as light (SPEC.md section 3). */
export const LIGHT_BACKGROUND_THRESHOLD = 127.5;

const RGB_FUNCTION =
  /^rgba?\(\s*(\d{1,3}(?:\.\d+)?)\s*[,\s]\s*(\d{1,3}(?:\.\d+)?)\s*[,\s]\s*(\d{1,3}(?:\.\d+)?)\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/i;
const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Parses `rgb(r, g, b)`, `rgba(...)`, `#rgb` or `#rrggbb`; returns undefined for anything else. */
export function parseColour(input: string | null | undefined): Rgb | undefined {
  if (typeof input !== "string") return undefined;
  const text = input.trim();
  const fn = RGB_FUNCTION.exec(text);
  if (fn) {
    const [r, g, b] = [fn[1], fn[2], fn[3]].map(Number) as [number, number, number];
    if ([r, g, b].some((c) => c > 255)) return undefined;
    return { r, g, b };
  }
  const hex = HEX.exec(text);
  if (hex?.[1]) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join("") : hex[1];
    return {
      r: parseInt(digits.slice(0, 2), 16),
      g: parseInt(digits.slice(2, 4), 16),
      b: parseInt(digits.slice(4, 6), 16),
    };
  }
  return undefined;
}

/** Perceived brightness 0.299 R + 0.587 G + 0.114 B, from 0 to 255. */
export function perceivedBrightness({ r, g, b }: Rgb): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** True when the colour is a light background (brightness strictly above 127.5). */
export function isLightBackground(colourCode: string | null | undefined): boolean | undefined {
  const rgb = parseColour(colourCode);
  return rgb ? perceivedBrightness(rgb) > LIGHT_BACKGROUND_THRESHOLD : undefined;
}

/** The text tone for a banner background: dark text on light, light text on dark, undefined if unparsable. */
export function bannerTextTone(
  colourCode: string | null | undefined,
): "dark" | "light" | undefined {
  const light = isLightBackground(colourCode);
  return light === undefined ? undefined : light ? "dark" : "light";
}

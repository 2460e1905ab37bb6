import { randomInt } from "node:crypto";

/** Crockford's base 32: digits and capitals without I, L, O and U (never mistaken for 1, 0, V). */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A reference a person can read out on the phone: `prefix`, then two groups of four characters
 * of Crockford's base 32 ("SFC-7K2Q-9M4X"), 40 random bits.
 */
export function readableReference(
  prefix: string,
  pick: (max: number) => number = randomInt,
): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[pick(ALPHABET.length)]).join("");
  return `${prefix}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

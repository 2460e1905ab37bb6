// Language rules shared by every index of the portal: word families (Malay affixes and English
// inflections, by two Snowball stemmers), the typo budget and a sound-alike key for loanwords.
// Both stemmers run on every term: Malay pages are full of English words (router, fibre, Wi-Fi)
// and English pages of Malay names (Suria TV Keluarga), and a stem only ever adds candidates,
// weighted below an exact match.
import { stemmer as englishStemmer } from "@orama/stemmers/english";
import { stemmer as indonesianStemmer } from "@orama/stemmers/indonesian";

// Stems are only worth computing for words of letters long enough to carry an affix.
const STEMMABLE = /^[a-z]{4,}$/;
const SHORTEST_STEM = 3;

/**
 * The Malay stem of a folded term: meN-, peN-, ber-, di-, ter-, ke- and -kan, -an, -i, -nya,
 * -lah, -kah, -pun removed ("pemasangan", "memasang", "dipasang" -> "pasang"). Malay and
 * Indonesian share these affixes, so Snowball's Indonesian stemmer does the work. Terms with
 * digits, short terms and stems under 3 letters stay as they are.
 */
export function malayStem(term: string): string {
  if (!STEMMABLE.test(term)) return term;
  const stem = indonesianStemmer(term);
  return stem.length >= SHORTEST_STEM ? stem : term;
}

/**
 * The English stem of a folded term: plurals and common inflections removed by the Porter
 * stemmer ("routers" -> "router", "payments" -> "payment", "installation" -> "instal").
 */
export function englishStem(term: string): string {
  if (!STEMMABLE.test(term)) return term;
  const stem = englishStemmer(term);
  return stem.length >= SHORTEST_STEM ? stem : term;
}

/** Fewest letters a query term needs before one typo is forgiven. */
export const ONE_TYPO_LENGTH = 4;

/** Fewest letters a query term needs before two typos are forgiven. */
export const TWO_TYPOS_LENGTH = 8;

/**
 * How many typos (insertions, deletions, substitutions or swaps of two neighbours) a query term
 * may carry: none under 4 letters, one from 4, two from 8.
 */
export function typoBudget(term: string): number {
  const length = Array.from(term).length;
  if (length >= TWO_TYPOS_LENGTH) return 2;
  if (length >= ONE_TYPO_LENGTH) return 1;
  return 0;
}

// Spelling rules of English loanwords as Malay writes them ("futbol", "sinema", "kompiuter"):
// applied to both sides, so "football" and "futbol" are one typo apart instead of four.
const SOUND_RULES: Array<[RegExp, string]> = [
  [/ph/g, "f"],
  [/ck/g, "k"],
  [/q/g, "k"],
  [/x/g, "ks"],
  [/c(?=[eiy])/g, "s"],
  [/c(?!h)/g, "k"],
  [/oo/g, "u"],
  [/ee/g, "i"],
  [/([a-z])\1+/g, "$1"],
];

/**
 * The sound-alike key of a folded term: English spellings as Malay writes them and doubled
 * letters collapsed ("football" -> "futbal", "cinema" -> "sinema"). Terms with digits or non-ASCII
 * letters are their own key.
 */
export function soundKey(term: string): string {
  if (!STEMMABLE.test(term)) return term;
  let key = term;
  for (const [pattern, replacement] of SOUND_RULES) key = key.replace(pattern, replacement);
  return key;
}

/** How many addresses the picker lists at once; typing narrows the rest. */
export const PICKER_PAGE = 20;

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * The addresses whose text holds every word of the filter, in order, as typed: "26 ss 7/26"
 * finds house 26 of Jalan SS 7/26; case and accents do not matter. An empty filter keeps all.
 */
export function filterAddresses<T extends { formatted: string }>(
  addresses: readonly T[],
  filter: string,
): T[] {
  const words = fold(filter)
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0) return [...addresses];
  return addresses.filter((address) => {
    const text = fold(address.formatted);
    // A house number matches as a whole token ("2" is not "22").
    const tokens = new Set(text.split(/[\s,]+/));
    return words.every((word) => (/^\d+$/.test(word) ? tokens.has(word) : text.includes(word)));
  });
}

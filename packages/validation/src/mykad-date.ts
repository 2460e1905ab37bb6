// No valibot here: the masking of personal data (in every page's analytics) reads it.

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Tells whether YYMMDD is a real date; 29 February needs a year divisible by 4 (1900 or 2000 alike). */
export function isMyKadDate(yymmdd: string): boolean {
  if (yymmdd.length !== 6) return false;
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  if (!Number.isInteger(yy) || mm < 1 || mm > 12 || dd < 1) return false;
  if (mm === 2 && dd === 29) return yy % 4 === 0;
  return dd <= (DAYS_IN_MONTH[mm - 1] ?? 0);
}

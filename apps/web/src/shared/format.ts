/** Formats a ringgit amount with 2 decimals when it has cents ("99" or "99.90"). */
export function formatRm(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

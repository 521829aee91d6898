// Decimal numbers written by us, for the languages whose numbers we write without Intl (ka-format.ts, en-format.ts).

export type NumberStyle = {
  /** Between groups of three digits. */
  group: string;
  /** Before the fraction. */
  decimal: string;
  /** The fewest whole digits that are grouped: 4 in English ("1,500"), 5 in Georgian ("1500", "12 500"). */
  groupFrom: number;
};

/**
 * `value` with at least `minFraction` and at most `maxFraction` decimals (trailing zeros beyond the minimum dropped),
 * its whole part grouped by threes. Rounds as `toFixed` does: exact for whole numbers and for amounts in tetri / 100.
 */
export function writeNumber(value: number, minFraction: number, maxFraction: number, style: NumberStyle): string {
  let fixed = Math.abs(value).toFixed(maxFraction);
  if (maxFraction > minFraction) {
    const [int = '', frac = ''] = fixed.split('.');
    let kept = frac;
    while (kept.length > minFraction && kept.endsWith('0')) kept = kept.slice(0, -1);
    fixed = kept ? `${int}.${kept}` : int;
  }
  const [int = '', frac] = fixed.split('.');
  const grouped = int.length >= style.groupFrom ? int.replace(/\B(?=(\d{3})+(?!\d))/g, style.group) : int;
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${frac ? `${style.decimal}${frac}` : ''}`;
}

// Bank of Georgia speaks decimal GEL (numbers in requests, strings such as "100.5" or "0.0" in receipts); the product
// speaks integer tetri. Both directions go through decimal text, never through float arithmetic, so 10050 ⇄ 100.5
// and "0.1" → 10 are exact.

const DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/**
 * GEL (a JSON number or a decimal string) → tetri. Refuses negatives, exponents and more than two significant
 * decimals ("1.005"); trailing zeros are fine ("100.50", "1.000", "0.0").
 */
export function gelToTetri(value: string | number): number {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not a GEL amount: ${JSON.stringify(value)}`);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) throw new RangeError(`A GEL amount has at most 2 decimals: ${JSON.stringify(value)}`);
  const tetri = Number(match[1]) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(tetri)) throw new RangeError(`GEL amount out of range: ${JSON.stringify(value)}`);
  return tetri;
}

/** Tetri → the GEL number the API expects in request bodies (10050 → 100.5, 7 → 0.07). */
export function tetriToGel(tetri: number): number {
  return Number(tetriToGelText(tetri));
}

/**
 * Tetri → decimal text. `minFraction: 1` gives the receipts' style ("100.5", "10.0", "0.0"); the default gives the
 * shortest form ("100.5", "10", "0").
 */
export function tetriToGelText(tetri: number, opts: { minFraction?: 0 | 1 | 2 } = {}): string {
  if (!Number.isSafeInteger(tetri) || tetri < 0) throw new RangeError(`Not an amount in tetri: ${tetri}`);
  const whole = Math.floor(tetri / 100);
  let fraction = String(tetri % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  if (fraction.length < (opts.minFraction ?? 0)) fraction = fraction.padEnd(opts.minFraction ?? 0, '0');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

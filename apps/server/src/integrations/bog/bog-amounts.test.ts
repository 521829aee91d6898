import { describe, expect, it } from 'vitest';
import { gelToTetri, tetriToGel, tetriToGelText } from './bog-amounts.ts';

describe('GEL ⇄ tetri', () => {
  it('converts exactly in both directions, without float drift', () => {
    expect(tetriToGel(10050)).toBe(100.5);
    expect(gelToTetri(100.5)).toBe(10050);
    expect(gelToTetri('0.1')).toBe(10);
    expect(gelToTetri('25.35')).toBe(2535);
    expect(gelToTetri(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(gelToTetri(1.15)).toBe(115); // and 1.15 * 100 is 114.99999999999999
    expect(tetriToGel(7)).toBe(0.07);
    expect(tetriToGel(0)).toBe(0);
    for (let tetri = 0; tetri < 20_000; tetri += 7) expect(gelToTetri(tetriToGel(tetri))).toBe(tetri);
  });

  it('reads every form receipts use', () => {
    expect(gelToTetri('100.5')).toBe(10050);
    expect(gelToTetri('0.0')).toBe(0);
    expect(gelToTetri('100.50')).toBe(10050);
    expect(gelToTetri('1.000')).toBe(100);
    expect(gelToTetri(' 12 ')).toBe(1200);
    expect(gelToTetri('3.')).toBe(300);
  });

  it('refuses more than two decimals, negatives, exponents and junk', () => {
    for (const bad of ['1.005', 0.001, '-1', -1, '1e3', 1e21, '', 'abc', '1,5', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => gelToTetri(bad), String(bad)).toThrow(RangeError);
    }
  });

  it('writes receipt-style and shortest text', () => {
    expect(tetriToGelText(10050, { minFraction: 1 })).toBe('100.5');
    expect(tetriToGelText(0, { minFraction: 1 })).toBe('0.0');
    expect(tetriToGelText(1000, { minFraction: 1 })).toBe('10.0');
    expect(tetriToGelText(2535)).toBe('25.35');
    expect(tetriToGelText(100)).toBe('1');
    expect(tetriToGelText(5, { minFraction: 2 })).toBe('0.05');
    expect(() => tetriToGel(1.5)).toThrow(RangeError);
    expect(() => tetriToGel(-1)).toThrow(RangeError);
  });
});

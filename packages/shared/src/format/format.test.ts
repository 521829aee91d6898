import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatGel,
  formatMinor,
  initials,
  minorToInput,
  parseGelToMinor,
  truncate,
  unreadBadge,
  visibleSocials,
} from './format.ts';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [950, '950'],
    [1000, '1K'],
    [1234, '1.2K'],
    [48_200, '48.2K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [2_350_000, '2.3M'],
  ])('%i → %s', (n, out) => expect(formatCount(n)).toBe(out));
});

describe('unreadBadge', () => {
  it('hides at zero, counts to 9, then caps at 9+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
    expect(unreadBadge(250)).toBe('9+');
  });
});

describe('initials and truncate', () => {
  it('takes the first letters, never blank', () => {
    expect(initials('nino', 'beridze')).toBe('NB');
    expect(initials('Nino', null)).toBe('N');
    expect(initials('', '  ')).toBe('?');
  });
  it('truncates past the limit only', () => {
    expect(truncate('short', 30)).toBe('short');
    expect(truncate('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}...`);
    expect(truncate('a'.repeat(30), 30)).toBe('a'.repeat(30));
  });
  it('formats minor units as GEL amounts', () => {
    expect(formatMinor(150000)).toBe('1,500.00');
    expect(formatMinor(5)).toBe('0.05');
  });
});

describe('visibleSocials', () => {
  it('keeps only strings with a visible character', () => {
    expect(visibleSocials({ instagram: 'nino', tiktok: '   ', youtube: 5, facebook: null, linkedin: '' })).toEqual({
      instagram: 'nino',
    });
    expect(visibleSocials(null)).toEqual({});
  });
});

describe('formatGel', () => {
  it('shows tetri as GEL with two decimals', () => {
    expect(formatGel(150_000)).toBe('1,500.00 GEL');
    expect(formatGel(5)).toBe('0.05 GEL');
  });

  it('writes Georgian amounts as Georgian banks do: the lari sign after, a decimal comma (issue 26)', () => {
    // Intl writes a no-break space before the sign and, from five digits, between the groups.
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(formatGel(150_000, 'ka'))).toBe('1500,00 ₾');
    expect(plain(formatGel(1_250_050, 'ka'))).toBe('12 500,50 ₾');
    expect(plain(formatGel(5, 'ka'))).toBe('0,05 ₾');
    expect(plain(formatMinor(1_250_050, 'ka'))).toBe('12 500,50');
  });
});

describe('parseGelToMinor', () => {
  it('reads what a person types into tetri exactly', () => {
    expect(parseGelToMinor('250')).toBe(25_000);
    expect(parseGelToMinor(' 250.5 ')).toBe(25_050);
    expect(parseGelToMinor('0.29')).toBe(29);
    expect(parseGelToMinor('1,250.07')).toBe(125_007);
    expect(parseGelToMinor('12.')).toBe(1_200);
  });
  it('refuses what is not an amount with at most two decimals', () => {
    for (const bad of ['', 'abc', '-5', '1.005', '1e3', '1.2.3', '.5']) expect(parseGelToMinor(bad), bad).toBeNull();
  });
  it('writes tetri back for an input', () => {
    expect(minorToInput(25_050)).toBe('250.50');
    expect(minorToInput(100)).toBe('1.00');
  });
});

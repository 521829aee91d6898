import { describe, expect, it } from 'vitest';
import { formatCount, formatGel, formatMinor, initials, truncate, unreadBadge, visibleSocials } from './format.ts';

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
});

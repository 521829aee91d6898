import { describe, expect, it } from 'vitest';
import { isInvisible, stripBidiControls } from './text.ts';

describe('isInvisible', () => {
  it('counts spaces and characters that draw nothing as blank', () => {
    for (const s of ['', '   ', '\u200B', '\u200B\u200C\u200D\u2060\uFEFF', '\u00AD', ' \u3000\n\t', '\u202E']) {
      expect(isInvisible(s), JSON.stringify(s)).toBe(true);
    }
  });

  it('keeps anything that shows, in any script', () => {
    for (const s of ['a', 'ნინო', '\u200Bx', '😀', '0']) expect(isInvisible(s), s).toBe(false);
  });
});

describe('stripBidiControls', () => {
  it('removes embeddings, overrides and isolates, and keeps the text and the LRM/RLM marks', () => {
    expect(stripBidiControls('Summer \u202Egepj.exe\u202C sale')).toBe('Summer gepj.exe sale');
    expect(stripBidiControls('\u2066a\u2067b\u2068c\u2069')).toBe('abc');
    expect(stripBidiControls('a\u200Eb\u200Fc')).toBe('a\u200Eb\u200Fc');
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from './i18n';

afterEach(() => vi.restoreAllMocks());

describe('applyLanguage', () => {
  it('leaves <html lang> alone when it already names the language (a browser restyles every element on a write)', async () => {
    document.documentElement.lang = 'en';
    const write = vi.spyOn(document.documentElement, 'lang', 'set');
    await applyLanguage('en');
    expect(write).not.toHaveBeenCalled();
  });

  it('writes it when the language changes', async () => {
    document.documentElement.lang = 'ka';
    await applyLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

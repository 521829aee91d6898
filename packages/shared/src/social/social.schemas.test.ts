import { describe, expect, it } from 'vitest';
import { accountRef, HandleError, normalizeHandle, platformSettingsInput, profileUrl } from './social.schemas.ts';

describe('normalizeHandle (spec §5)', () => {
  it('YouTube strips a leading @, then prefixes one unless it is a site address', () => {
    expect(normalizeHandle('youtube', 'giorgitech')).toBe('@giorgitech');
    expect(normalizeHandle('youtube', '@giorgitech')).toBe('@giorgitech');
    expect(normalizeHandle('youtube', '  @giorgitech ')).toBe('@giorgitech');
    expect(normalizeHandle('youtube', 'https://www.youtube.com/@giorgitech')).toBe(
      'https://www.youtube.com/@giorgitech',
    );
    expect(normalizeHandle('youtube', '@youtube.com/@x')).toBe('youtube.com/@x');
    expect(normalizeHandle('youtube', '')).toBe('');
  });
  it('TikTok and Instagram prefix @ unless it is there or the input is a site address', () => {
    for (const p of ['tiktok', 'instagram'] as const) {
      expect(normalizeHandle(p, 'nino.styles')).toBe('@nino.styles');
      expect(normalizeHandle(p, '@nino.styles')).toBe('@nino.styles');
      expect(normalizeHandle(p, ' ')).toBe('');
    }
    expect(normalizeHandle('tiktok', 'https://www.tiktok.com/@ninostyles')).toBe('https://www.tiktok.com/@ninostyles');
    expect(normalizeHandle('instagram', 'instagram.com/nino.styles')).toBe('instagram.com/nino.styles');
  });
});

describe('accountRef: every URL form', () => {
  const yt = (s: string) => accountRef('youtube', normalizeHandle('youtube', s));
  it('YouTube /@handle, /channel/UC…, /user/name, bare handles; /c/ is refused with advice', () => {
    expect(yt('@giorgitech')).toEqual({ kind: 'handle', value: '@giorgitech' });
    expect(yt('giorgitech')).toEqual({ kind: 'handle', value: '@giorgitech' });
    expect(yt('https://www.youtube.com/@giorgitech')).toEqual({ kind: 'handle', value: '@giorgitech' });
    expect(yt('youtube.com/@giorgitech/videos')).toEqual({ kind: 'handle', value: '@giorgitech' });
    expect(yt('https://m.youtube.com/@giorgitech?si=x')).toEqual({ kind: 'handle', value: '@giorgitech' });
    expect(yt('https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw')).toEqual({
      kind: 'id',
      value: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
    });
    expect(yt('http://youtube.com/user/GoogleDevelopers')).toEqual({ kind: 'username', value: 'GoogleDevelopers' });
    expect(() => yt('https://www.youtube.com/c/GoogleDevelopers')).toThrow(/custom addresses/);
    expect(() => yt('https://www.youtube.com/channel/not-an-id')).toThrow(HandleError);
    expect(() => yt('https://vimeo.com/@x')).toThrow(HandleError);
    expect(() => yt('https://www.tiktok.com/@x')).toThrow('That is not a YouTube address.');
    expect(() => yt('@has space')).toThrow(/not a valid YouTube handle/);
    expect(() => accountRef('youtube', '')).toThrow('Please enter your YouTube channel URL first');
  });
  it('TikTok @user and tiktok.com/@user; Instagram user and instagram.com/user', () => {
    expect(accountRef('tiktok', '@NinoStyles')).toEqual({ kind: 'username', value: 'ninostyles' });
    expect(accountRef('tiktok', 'https://www.tiktok.com/@ninostyles/video/123')).toEqual({
      kind: 'username',
      value: 'ninostyles',
    });
    expect(() => accountRef('tiktok', 'https://www.tiktok.com/ninostyles')).toThrow(/tiktok.com\/@username/);
    expect(accountRef('instagram', '@nino.styles')).toEqual({ kind: 'username', value: 'nino.styles' });
    expect(accountRef('instagram', 'https://www.instagram.com/nino.styles/')).toEqual({
      kind: 'username',
      value: 'nino.styles',
    });
    expect(() => accountRef('instagram', 'https://www.instagram.com/p/Cx123/')).toThrow(HandleError);
    expect(() => accountRef('instagram', 'https://www.youtube.com/@x')).toThrow('That is not an Instagram address.');
  });
  it("a malformed percent-escape is a handle error with the platform's message, not a URIError", () => {
    expect(() => yt('youtube.com/%E0%A4%A')).toThrow(/Enter a YouTube channel address/);
    expect(() => yt('youtube.com/channel/%ZZ')).toThrow(HandleError);
    expect(() => accountRef('tiktok', 'tiktok.com/@%ZZ')).toThrow(
      'Enter a TikTok profile address such as tiktok.com/@username',
    );
    expect(() => accountRef('instagram', 'instagram.com/%E0%A4%A')).toThrow(/Enter an Instagram profile address/);
    // A well-formed escape still decodes.
    expect(accountRef('tiktok', 'tiktok.com/%40nino')).toEqual({ kind: 'username', value: 'nino' });
  });
  it('profile URLs', () => {
    expect(profileUrl('youtube', { kind: 'handle', value: '@a' })).toBe('https://www.youtube.com/@a');
    expect(profileUrl('tiktok', { kind: 'username', value: 'a' })).toBe('https://www.tiktok.com/@a');
    expect(profileUrl('instagram', { kind: 'username', value: 'a' })).toBe('https://www.instagram.com/a');
  });
});

describe('platformSettingsInput (spec §9)', () => {
  const base = { categoryIds: [], priceMin: 100, priceMax: 400 };
  it('accepts the default and the bounds', () => {
    expect(platformSettingsInput.safeParse(base).success).toBe(true);
    expect(platformSettingsInput.safeParse({ ...base, priceMin: 0, priceMax: 5000 }).success).toBe(true);
    expect(platformSettingsInput.safeParse({ ...base, priceMin: 300, priceMax: 300 }).success).toBe(true);
  });
  it('refuses min > max, off-step, out of range, more than 3 categories', () => {
    const msg = (v: object) => platformSettingsInput.safeParse({ ...base, ...v }).error?.issues[0]?.message;
    expect(msg({ priceMin: 410 })).toBe('The lowest price cannot be above the highest');
    expect(msg({ priceMax: 405 })).toBe('The highest price must be a multiple of 10 GEL');
    expect(msg({ priceMax: 5010 })).toBe('The highest price cannot be above 5000 GEL');
    const ids = [1, 2, 3, 4].map((n) => `0000000${n}-0000-4000-8000-000000000000`);
    expect(msg({ categoryIds: ids })).toBe('You can choose up to 3 categories');
  });
});

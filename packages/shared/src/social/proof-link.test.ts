import { describe, expect, it } from 'vitest';
import { parseProofLink } from './proof-link.ts';

describe('parseProofLink', () => {
  it('reads YouTube watch, short, youtu.be and shorts links', () => {
    expect(parseProofLink('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toEqual({
      platform: 'youtube',
      videoId: 'dQw4w9WgXcQ',
    });
    expect(parseProofLink('https://youtu.be/dQw4w9WgXcQ')).toEqual({ platform: 'youtube', videoId: 'dQw4w9WgXcQ' });
    expect(parseProofLink('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toEqual({
      platform: 'youtube',
      videoId: 'dQw4w9WgXcQ',
    });
    expect(parseProofLink('https://www.youtube.com/@someone')).toBeNull();
  });
  it('reads TikTok video links with their @username', () => {
    expect(parseProofLink('https://www.tiktok.com/@Nino.Dance/video/7312345678901234567?lang=en')).toEqual({
      platform: 'tiktok',
      videoId: '7312345678901234567',
      username: 'nino.dance',
    });
    expect(parseProofLink('https://www.tiktok.com/@nino')).toBeNull();
  });
  it('reads Instagram post, reel and tv links', () => {
    expect(parseProofLink('https://www.instagram.com/p/C1aBcD2eFgH/')).toEqual({
      platform: 'instagram',
      shortcode: 'C1aBcD2eFgH',
    });
    expect(parseProofLink('https://instagram.com/reel/C1aBcD2eFgH/?igsh=x')).toEqual({
      platform: 'instagram',
      shortcode: 'C1aBcD2eFgH',
    });
    expect(parseProofLink('https://www.instagram.com/nino/p/C1aBcD2eFgH/')).toEqual({
      platform: 'instagram',
      shortcode: 'C1aBcD2eFgH',
    });
  });
  it('leaves other links unread', () => {
    expect(parseProofLink('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(parseProofLink('not a link')).toBeNull();
  });
});

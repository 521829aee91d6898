import { describe, expect, it } from 'vitest';
import { socialHandle, socialHandles } from '@/lib/social-handle';

describe('socialHandle', () => {
  it('shows a bare handle with one @ and links to the network profile', () => {
    expect(socialHandle('instagram', 'nino.styles')).toEqual({
      platform: 'instagram',
      label: '@nino.styles',
      href: 'https://www.instagram.com/nino.styles',
    });
    expect(socialHandle('youtube', '@giorgitech')).toMatchObject({
      label: '@giorgitech',
      href: 'https://www.youtube.com/@giorgitech',
    });
    expect(socialHandle('tiktok', 'ninostyles').href).toBe('https://www.tiktok.com/@ninostyles');
    expect(socialHandle('twitter', 'nino').href).toBe('https://x.com/nino');
    expect(socialHandle('linkedin', 'elene-dolidze').href).toBe('https://www.linkedin.com/in/elene-dolidze');
  });

  it('shows an address as given and links it only when it is on that network', () => {
    expect(socialHandle('youtube', 'https://www.youtube.com/@lukafit')).toEqual({
      platform: 'youtube',
      label: 'https://www.youtube.com/@lukafit',
      href: 'https://www.youtube.com/@lukafit',
    });
    expect(socialHandle('instagram', 'instagram.com/nino').href).toBe('https://instagram.com/nino');
    expect(socialHandle('instagram', 'http://instagram.com/nino').href).toBe('https://instagram.com/nino');
    expect(socialHandle('instagram', 'https://evil.example/instagram.com').href).toBeNull();
    expect(socialHandle('instagram', 'https://instagram.com.evil.example/x').href).toBeNull();
    expect(socialHandle('facebook', 'https://user:pw@facebook.com/x').href).toBeNull();
  });

  it('never links a script address or a handle with characters no network allows', () => {
    const script = socialHandle('instagram', 'javascript:alert(1)');
    expect(script.label).toBe('javascript:alert(1)');
    expect(script.href).toBeNull();
    expect(socialHandle('tiktok', 'a b/c?d').href).toBeNull();
    expect(socialHandle('tiktok', 'a b/c?d').label).toBe('@a b/c?d');
  });
});

describe('socialHandles', () => {
  it('keeps known networks with a non-blank handle, in the directory order', () => {
    const list = socialHandles({ tiktok: 'b', myspace: 'x', instagram: 'a', youtube: '  ' });
    expect(list.map((s) => s.platform)).toEqual(['instagram', 'tiktok']);
  });
});

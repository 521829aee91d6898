import { DIRECTORY_PLATFORMS, type Platform } from '@app/shared/constants';

export const isPlatform = (value: string): value is Platform =>
  (DIRECTORY_PLATFORMS as readonly string[]).includes(value);

// Where a bare handle lives on each network, and which hosts a pasted address may point to. An address on any other
// host (or any other scheme, such as javascript:) is shown as text, never linked.
const NETWORKS: Record<Platform, { hosts: string[]; profile: (handle: string) => string }> = {
  instagram: { hosts: ['instagram.com'], profile: (h) => `https://www.instagram.com/${h}` },
  tiktok: { hosts: ['tiktok.com'], profile: (h) => `https://www.tiktok.com/@${h}` },
  youtube: { hosts: ['youtube.com', 'youtu.be'], profile: (h) => `https://www.youtube.com/@${h}` },
  facebook: { hosts: ['facebook.com', 'fb.com'], profile: (h) => `https://www.facebook.com/${h}` },
  twitter: { hosts: ['twitter.com', 'x.com'], profile: (h) => `https://x.com/${h}` },
  linkedin: { hosts: ['linkedin.com'], profile: (h) => `https://www.linkedin.com/in/${h}` },
};

/** Characters the networks allow in a handle; anything else is not turned into an address. */
const HANDLE = /^[\p{L}\p{N}._-]{1,100}$/u;
const LOOKS_LIKE_URL = /^[a-z][a-z\d+.-]*:|^www\.|^[\w-]+(\.[\w-]+)+\//i;

export type SocialHandle = {
  platform: Platform;
  /** What the screen shows: '@handle', or the address as it was given. */
  label: string;
  /** A safe https address on the network's own site, or null when none can be made. */
  href: string | null;
};

/** How a stored handle or address (spec §3 socials) is shown and linked. */
export function socialHandle(platform: Platform, raw: string): SocialHandle {
  const value = raw.trim();
  if (LOOKS_LIKE_URL.test(value)) return { platform, label: value, href: safeNetworkUrl(platform, value) };
  const handle = value.replace(/^@+/, '');
  return {
    platform,
    label: `@${handle}`,
    href: HANDLE.test(handle) ? NETWORKS[platform].profile(encodeURIComponent(handle)) : null,
  };
}

function safeNetworkUrl(platform: Platform, value: string): string | null {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const onNetwork = NETWORKS[platform].hosts.some((h) => host === h || host.endsWith(`.${h}`));
  if (!onNetwork) return null;
  url.protocol = 'https:';
  return url.toString();
}

/** The handles worth showing, in the directory's platform order; unknown networks and blank handles are left out. */
export function socialHandles(socials: Record<string, string>): SocialHandle[] {
  return DIRECTORY_PLATFORMS.filter((p) => socials[p]?.trim()).map((p) => socialHandle(p, socials[p] as string));
}

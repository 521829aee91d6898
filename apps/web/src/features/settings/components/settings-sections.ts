import type { Role } from '@app/shared/constants';

/**
 * The screens of Settings. One route (spec §2), each opened section a history entry `/settings?section=…`, so Back
 * returns to the menu on a phone and a reload reopens the section. A new section: add its key here (and its parent
 * below if it opens from another section), its entry in `settings-menu.tsx` and its view in `settings-screen.tsx`.
 */
export const SECTION_KEYS = [
  'menu',
  'profile',
  'socials',
  'security',
  'payment',
  'help',
  'admin-support',
  'faq',
  'privacy',
  'languages',
  'notifications',
  'account',
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** Sections opened from another section rather than from the menu; their back arrow returns there. */
const PARENTS: Partial<Record<SectionKey, SectionKey>> = { 'admin-support': 'help' };

export const parentOf = (section: SectionKey): SectionKey => PARENTS[section] ?? 'menu';

/** Whether `role` may open `section`: Social Media is for influencers only, everything else is for everyone. */
export function canOpen(section: SectionKey, role: Role | null): boolean {
  return section !== 'socials' || role === 'influencer';
}

/** The section an address names, or the menu when it names none, an unknown one or one this role cannot open. */
export function sectionFromParam(value: string | null, role: Role | null): SectionKey {
  const key = SECTION_KEYS.find((k) => k === value);
  return key && canOpen(key, role) ? key : 'menu';
}

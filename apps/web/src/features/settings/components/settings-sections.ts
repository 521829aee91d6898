import type { Role } from '@app/shared/constants';

/** The screens of Settings: component state, not routes (spec §2). */
export type SectionKey =
  | 'menu'
  | 'profile'
  | 'socials'
  | 'security'
  | 'payment'
  | 'help'
  | 'admin-support'
  | 'faq'
  | 'privacy'
  | 'languages'
  | 'account';

/** Whether `role` may open `section`: Social Media is for influencers only, everything else is for everyone. */
export function canOpen(section: SectionKey, role: Role | null): boolean {
  return section !== 'socials' || role === 'influencer';
}

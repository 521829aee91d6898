import type { Platform } from '@app/shared/constants';
import { AtSign, BriefcaseBusiness, Camera, CirclePlay, type LucideProps, Music2, ThumbsUp } from 'lucide-react';

// Lucide ships no brand marks; each network gets a neutral icon that hints at what it is.
const ICONS = {
  instagram: Camera,
  tiktok: Music2,
  youtube: CirclePlay,
  facebook: ThumbsUp,
  twitter: AtSign,
  linkedin: BriefcaseBusiness,
} as const satisfies Record<Platform, unknown>;

export function PlatformIcon({ platform, ...props }: LucideProps & { platform: Platform }) {
  const Icon = ICONS[platform];
  return <Icon aria-hidden="true" {...props} />;
}

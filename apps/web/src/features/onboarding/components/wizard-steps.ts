import type { SignupRole } from '@app/shared/constants';
import {
  BadgeCheck,
  Banknote,
  Camera,
  CircleCheck,
  CirclePlay,
  ClipboardCheck,
  CreditCard,
  Landmark,
  Lock,
  type LucideIcon,
  Megaphone,
  Music2,
  Rocket,
  ShieldCheck,
  Sparkles,
  TrendingUp,
  Users,
  Wallet,
} from 'lucide-react';

/** What one screen of a wizard shows. */
type WizardScreen = {
  /** i18n key prefix: onboarding.{role}.{step} */
  key: string;
  icon: LucideIcon;
  items: { key: string; icon: LucideIcon }[];
  tip?: boolean;
};

/** Spec §2 Onboarding wizards: three screens per role; texts live in the catalogue under these keys. */
export const WIZARD_STEPS: Record<SignupRole, [WizardScreen, WizardScreen, WizardScreen]> = {
  client: [
    {
      key: 'howItWorks',
      icon: Rocket,
      items: [
        { key: 'createCampaign', icon: Megaphone },
        { key: 'chooseInfluencers', icon: Users },
        { key: 'trackPay', icon: CreditCard },
      ],
    },
    {
      key: 'payments',
      icon: ShieldCheck,
      items: [
        { key: 'secure', icon: Lock },
        { key: 'onCompletion', icon: CircleCheck },
        { key: 'methods', icon: CreditCard },
      ],
    },
    { key: 'allSet', icon: Sparkles, items: [] },
  ],
  influencer: [
    {
      key: 'verify',
      icon: BadgeCheck,
      items: [
        { key: 'instagram', icon: Camera },
        { key: 'tiktok', icon: Music2 },
        { key: 'youtube', icon: CirclePlay },
      ],
    },
    {
      key: 'payment',
      icon: Wallet,
      items: [
        { key: 'iban', icon: Landmark },
        { key: 'work', icon: ClipboardCheck },
        { key: 'paid', icon: Banknote },
      ],
      tip: true,
    },
    { key: 'readyToEarn', icon: TrendingUp, items: [] },
  ],
};

import { lazy } from 'react';
import { useSignOut } from '@/features/auth/api/auth-api';
import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { useSessionUser } from '../guards';

// The sections other features own load when opened (issue 28 §2), inside SettingsScreen's Suspense.
const NotificationPreferencesSection = lazy(() =>
  import('@/features/notifications/components/notification-preferences').then((m) => ({
    default: m.NotificationPreferencesSection,
  })),
);
const SavedCardsSection = lazy(() =>
  import('@/features/payments/components/saved-cards-section').then((m) => ({ default: m.SavedCardsSection })),
);
const PayoutsSection = lazy(() =>
  import('@/features/payouts/components/payouts-section').then((m) => ({ default: m.PayoutsSection })),
);
const SocialAccounts = lazy(() =>
  import('@/features/social/components/social-accounts').then((m) => ({ default: m.SocialAccounts })),
);

export function SettingsRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const signOut = useSignOut();
  usePageTitle(t('titles.settings'));
  return (
    <SettingsScreen
      user={user}
      onLogout={() => signOut.mutate()}
      loggingOut={signOut.isPending}
      // Spec §2 Payment Methods: clients keep cards, influencers their IBAN and earnings; other roles get the notice.
      slots={{
        payment:
          user.role === 'client' ? <SavedCardsSection /> : user.role === 'influencer' ? <PayoutsSection /> : undefined,
        // Issue 13: verification, categories and price ranges per platform (influencers only, like the section).
        socials: user.role === 'influencer' ? <SocialAccounts returnTo="settings" withSettings /> : undefined,
        // Issue 24 §3: per kind, in the app and by e-mail.
        notifications: <NotificationPreferencesSection />,
      }}
    />
  );
}

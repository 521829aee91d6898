import type { Me } from '@app/shared/auth/auth.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEndSession, useSignOut } from '@/features/auth/api/auth-api';
import { meKeys } from '@/features/auth/api/session-cache';
import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { usePageTitle } from '@/lib/use-page-title';
import { useSessionUser } from '../guards';

export function SettingsRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const endSession = useEndSession();
  usePageTitle(t('titles.settings'));
  return (
    <SettingsScreen
      user={user}
      // A patch of the cached person as it is now (not of the `user` this render saw, which may be stale by then).
      onUserUpdated={(patch) => queryClient.setQueryData<Me | null>(meKeys.me, (prev) => prev && { ...prev, ...patch })}
      onLogout={() => signOut.mutate()}
      loggingOut={signOut.isPending}
      onDeactivated={endSession}
    />
  );
}

import type { Me } from '@app/shared/auth/auth.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEndSession, useSignOut } from '@/features/auth/api/auth-api';
import { meKeys } from '@/features/auth/api/use-me';
import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { useSessionUser } from '../guards';

export function SettingsRoute() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const endSession = useEndSession();
  return (
    <SettingsScreen
      user={user}
      onUserUpdated={(updated: Me) => queryClient.setQueryData(meKeys.me, updated)}
      onLogout={() => signOut.mutate()}
      loggingOut={signOut.isPending}
      onDeactivated={endSession}
    />
  );
}

import type { Me } from '@app/shared/auth/auth.schemas';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { FullScreenLoading } from '../full-screen-loading';
import { landingFor, useSessionUser } from '../guards';

/** Spec §2 post-login routing: wizard when not onboarded, landing page when onboarded, stay when unknown. */
export function postLoginTarget(user: Pick<Me, 'role' | 'isOnboarded'>): string | null {
  if (user.role === 'admin') return paths.home.href();
  if (user.role === null || user.isOnboarded === null) return null;
  if (!user.isOnboarded) {
    return user.role === 'client' ? paths.clientWizard.href(1) : paths.influencerWizard.href(1);
  }
  return landingFor(user.role);
}

export function RootRoute() {
  const user = useSessionUser();
  const target = postLoginTarget(user);
  if (target) return <Navigate to={target} replace />;
  return <FullScreenLoading />;
}

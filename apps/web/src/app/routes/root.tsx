import type { Me } from '@app/shared/auth/auth.schemas';
import { Button } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/api/auth-api';
import { Link, useLocation } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { landingFor, useSessionUser } from '../guards';
import { Redirect } from '../redirect';

/** Spec §2 post-login routing: wizard when not onboarded, landing page when onboarded, stay when unknown. */
export function postLoginTarget(user: Pick<Me, 'role' | 'isOnboarded'>): string | null {
  if (user.role === 'admin') return paths.home.href();
  if (user.role === null || user.isOnboarded === null) return null;
  return user.isOnboarded ? landingFor(user.role) : paths.wizard.href(user.role, 1);
}

export function RootRoute() {
  const user = useSessionUser();
  // A verification link opened while signed in arrives as /#verified=…: the landing page says so (AppLayout).
  const { hash } = useLocation();
  const target = postLoginTarget(user);
  if (target) return <Redirect to={`${target}${hash}`} />;
  return <RoutingUnsettled />;
}

/**
 * Role or onboarding status unknown: the spec makes no redirect, but the decision is over, so this is a settled
 * screen (not 'Loading...' for ever) with a way on. Should the session be read again with the values known (a
 * refetch on focus, say), RootRoute redirects by itself.
 */
function RoutingUnsettled() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  usePageTitle(t('titles.routing'));
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 py-10 text-center">
      <LogoMark className="size-12" />
      <h1 className="text-2xl font-bold tracking-tight">{t('routing.unsettledTitle')}</h1>
      <p className="text-muted-foreground">{t('routing.unsettledDescription')}</p>
      <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button asChild>
          <Link to={paths.settings.href()}>{t('routing.settings')}</Link>
        </Button>
        <Button variant="outline" onClick={() => signOut.mutate()} loading={signOut.isPending}>
          {t('common.logout')}
        </Button>
      </div>
    </main>
  );
}

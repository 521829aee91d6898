import type { Me } from '@app/shared/auth/auth.schemas';
import type { Role } from '@app/shared/constants';
import { ShieldAlert } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/use-me';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { FullScreenLoading } from './full-screen-loading';
import { Redirect } from './redirect';

/** Protected routes: 'Loading...' while the session loads, /auth when nobody is signed in. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <FullScreenLoading />;
  if (me.isError && me.data === undefined) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center px-6">
        <h1 className="sr-only">{t('app.name')}</h1>
        <ErrorState
          title={t('errors.sessionTitle')}
          description={me.error.message}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      </main>
    );
  }
  if (!me.data) return <Redirect to={paths.auth.href()} />;
  return children;
}

/**
 * The signed-in person inside RequireSession. While a sign-out is being rendered away, pages below may render
 * once more after the session became null: they keep the last person instead of crashing.
 */
export function useSessionUser(): Me {
  const { data } = useMe();
  const last = useRef(data);
  if (data) last.current = data;
  if (!last.current) throw new Error('useSessionUser() used outside <RequireSession>');
  return last.current;
}

/** Where a role lands after sign-in when onboarded. */
export function landingFor(role: Role | null): string {
  return role === 'influencer' ? paths.campaigns.href() : paths.home.href();
}

type AccessRestrictedProps = { title: string; message: string };

/** What a signed-in person sees on a page that is not for their role. */
export function AccessRestricted({ title, message }: AccessRestrictedProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <div className="mx-auto max-w-lg">
      <PageHeader title={title} />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-warning-soft text-warning">
            <ShieldAlert className="size-6" aria-hidden="true" />
          </div>
          <h2 className="text-lg font-semibold">{t('access.restricted')}</h2>
          <p className="text-sm text-muted-foreground">{message}</p>
          <Button asChild variant="outline" className="mt-2">
            <Link to={landingFor(user.role)}>{t('access.goBack')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/** Renders children for the given roles; everyone else gets `fallback`. */
export function RoleGate({ roles, fallback, children }: { roles: Role[]; fallback: ReactNode; children: ReactNode }) {
  const user = useSessionUser();
  return <>{user.role && roles.includes(user.role) ? children : fallback}</>;
}

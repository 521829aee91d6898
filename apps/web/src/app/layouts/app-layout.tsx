import type { Me } from '@app/shared/auth/auth.schemas';
import { unreadBadge } from '@app/shared/format/format';
import { type ReactNode, useEffect } from 'react';
import { HydrateLater } from '@/components/hydrate-later';
import { Avatar } from '@/components/ui/avatar';
import { LogoMark } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/use-me';
import { readVerificationHash } from '@/features/auth/components/verification-notice';
import { RealtimeProvider } from '@/features/chat/api/realtime';
import { useUnreadCount } from '@/features/chat/api/use-unread-count';
import { useNotificationCount } from '@/features/notifications/api/use-notifications';
import { AppNotices } from '@/features/notifications/components/app-notices';
import { cn } from '@/lib/cn';
import { fullName } from '@/lib/format';
import { Link, useLocation } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { LiveUpdates } from '../live-updates';
import { isCurrentTab, navItemsFor } from './nav-items';

/**
 * A verification link opened in a browser that is signed in lands here with `#verified=…` (issue 27: signed out
 * there is a green notice, signed in there was nothing): say it once and clear the address.
 */
function useVerifiedNews() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    // "/" redirects on at once, keeping the hash: the toast belongs to the landing page (a toast leaves with its screen).
    if (pathname === paths.root.href()) return;
    const notice = readVerificationHash(window.location.hash);
    if (!notice || notice.kind === 'expired') return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    // The old address's undo link for an e-mail change lands here too when its owner is signed in (issue 27).
    if (notice.kind === 'undone') toast({ variant: 'success', title: t('auth.verification.changeUndoneShort') });
    else if (notice.kind === 'error') toast({ variant: 'destructive', title: notice.description });
    else {
      toast({
        variant: 'success',
        title: notice.change ? t('auth.verification.signedInChange') : t('auth.verification.signedIn'),
      });
    }
  }, [pathname, t]);
}

/**
 * Signed-in frame: one <nav> that is a bottom tab bar on phones and a left sidebar from md up,
 * and the page's single <main>.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: user } = useMe();
  const unread = useUnreadCount({ enabled: Boolean(user) });
  const notices = useNotificationCount({ enabled: Boolean(user) && user?.role !== 'admin' });
  /** The tabs that carry a count: unread messages, unread notifications (the bell). */
  const counts: Partial<Record<string, number>> = { chat: unread.data ?? 0, notifications: notices.data ?? 0 };
  const { pathname } = useLocation();
  useVerifiedNews();

  return (
    <RealtimeProvider enabled={Boolean(user)}>
      <LiveUpdates />
      <div className="min-h-dvh md:pl-64">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-card px-4 py-2 font-medium shadow-raised focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {t('nav.skip')}
        </a>
        {/* Taken over once the page is live (AppNav says why it may be). */}
        <HydrateLater id="app-nav">
          <AppNav user={user} counts={counts} pathname={pathname} />
        </HydrateLater>
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-5xl px-4 pt-6 pb-[calc(6rem+env(safe-area-inset-bottom))] outline-none sm:px-6 md:px-10 md:pt-10 md:pb-12"
        >
          {/* Each screen shows its own skeleton while its code loads (app/router.tsx). */}
          {children}
        </main>
        <AppNotices />
      </div>
    </RealtimeProvider>
  );
}

/**
 * The app's navigation: a bottom tab bar on phones, a left sidebar from md up. Links only, and no useId inside: the
 * layout takes it over once the page is live (components/hydrate-later.tsx), and a tap before that loads the page
 * the ordinary way.
 */
export function AppNav({
  user,
  counts,
  pathname,
}: {
  user: Me | null | undefined;
  /** The tabs that carry a count: unread messages, unread notifications (the bell). */
  counts: Partial<Record<string, number>>;
  pathname: string;
}) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-card/85 md:inset-y-0 md:right-auto md:left-0 md:flex md:w-64 md:flex-col md:border-t-0 md:border-r md:bg-card md:pb-0"
    >
      <Link
        to={paths.root.href()}
        className="hidden h-16 items-center gap-3 px-6 focus-visible:outline-2 focus-visible:outline-ring md:flex"
      >
        <LogoMark className="size-8" />
        <span className="text-lg font-bold tracking-tight">{t('app.name')}</span>
      </Link>
      {!user ? (
        <div className="flex h-16 items-center justify-center">
          <Spinner label={t('common.loading')} />
        </div>
      ) : (
        <ul className="grid auto-cols-[minmax(0,1fr)] grid-flow-col md:flex md:flex-col md:gap-1 md:px-3 md:py-4">
          {navItemsFor(user.role).map(({ key, to, icon: Icon }) => {
            const current = isCurrentTab(to, pathname);
            const count = counts[key] ?? 0;
            const badge = unreadBadge(count);
            return (
              <li key={key}>
                {/* The current tab has aria-current="page"; the bar says it without colour. One tab at a time: the console's
                tab is not current on the support inbox, which has a tab of its own (isCurrentTab). */}
                <Link
                  to={to}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'relative flex flex-col items-center gap-1 px-0 pt-2.5 pb-2 text-[11px] font-semibold transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring md:flex-row md:gap-3 md:rounded-md md:px-3 md:py-2.5 md:text-sm',
                    current
                      ? 'text-primary md:bg-primary-soft md:text-primary-hover'
                      : 'text-muted-foreground hover:text-foreground md:hover:bg-muted',
                  )}
                >
                  {current && (
                    <span
                      aria-hidden="true"
                      data-testid="active-tab-marker"
                      className="absolute top-0 left-1/2 h-1 w-8 -translate-x-1/2 rounded-b-full bg-primary md:top-1/2 md:left-0 md:h-5 md:w-1 md:translate-x-0 md:-translate-y-1/2 md:rounded-r-full md:rounded-b-none"
                    />
                  )}
                  <span className="relative">
                    <Icon className="size-6 md:size-5" aria-hidden="true" />
                    {badge && (
                      <span
                        aria-hidden="true"
                        data-testid={key === 'chat' ? 'unread-badge' : `${key}-badge`}
                        className="absolute -top-1.5 -right-2.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-bold text-destructive-foreground ring-2 ring-card"
                      >
                        {badge}
                      </span>
                    )}
                  </span>
                  {/* Five tabs share 360 px: Georgian's long words ("შეტყობინებები") are set a size smaller on a
                  phone to fit whole, and would break rather than widen the bar. */}
                  <span className="max-w-full text-center leading-tight [overflow-wrap:anywhere] [&:lang(ka)]:text-[10px] [&:lang(ka)]:tracking-tighter md:[&:lang(ka)]:text-sm md:[&:lang(ka)]:tracking-normal">
                    {t(`nav.${key}`)}
                  </span>
                  {badge && (
                    <span className="sr-only">
                      {t(key === 'chat' ? 'nav.unread' : 'nav.unreadNotifications', { count })}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {user && (
        <div className="mt-auto hidden items-center gap-3 border-t border-border p-4 md:flex">
          <Avatar src={user.avatarUrl} name={user.name} lastname={user.lastname} size="sm" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{fullName(user.name, user.lastname)}</p>
            <p className="truncate text-xs text-muted-foreground">{user.role ? t(`roles.${user.role}`) : user.email}</p>
          </div>
        </div>
      )}
    </nav>
  );
}

import { CircleCheck } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { LogoMark } from '@/components/ui/logo';
import { appConfig } from '@/config/env';
import { paths } from '@/config/paths';
import { DevMailboxNote } from '@/features/auth/components/dev-mailbox-note';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { VerificationNotice } from '@/features/auth/components/verification-notice';
import { useCategories } from '@/features/categories/api/use-categories';
import { LanguageSwitch } from '@/features/language/language-switch';
import { cn } from '@/lib/cn';
import { Link, useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';

type Mode = 'login' | 'register';

export function AuthRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // `?mode=register` is the address older links and bookmarks carry.
  const mode: Mode = (params.get('tab') ?? params.get('mode')) === 'register' ? 'register' : 'login';
  const categories = useCategories();
  usePageTitle(mode === 'register' ? t('titles.register') : t('titles.login'));

  return (
    <main className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <BrandPanel />
      <div className="flex flex-col items-center px-4 py-8 sm:py-12 lg:justify-center">
        <div className="w-full max-w-md">
          <div className="mb-8 flex flex-wrap items-center justify-between gap-3 lg:justify-end">
            <div className="flex items-center gap-3 lg:hidden">
              <LogoMark />
              <span className="text-xl font-bold tracking-tight">{t('app.name')}</span>
            </div>
            <LanguageSwitch />
          </div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(`auth.${mode}.title`)}</h1>
          <p className="mt-1.5 mb-6 text-muted-foreground">{t(`auth.${mode}.subtitle`)}</p>
          <VerificationNotice />
          <Card>
            <CardContent>
              {/* Tabs that are links (issue 28 §2): a tap before the app runs loads the other form from the server. */}
              <div
                role="tablist"
                className="inline-flex h-13 w-full items-center rounded-lg bg-muted p-1 text-muted-foreground md:h-11"
              >
                {(['login', 'register'] as const).map((tab) => (
                  <Link
                    key={tab}
                    id={`auth-tab-${tab}`}
                    role="tab"
                    aria-selected={mode === tab}
                    aria-controls="auth-panel"
                    to={paths.auth.href(tab)}
                    replace
                    className={cn(
                      'inline-flex h-full flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-semibold transition-all focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                      mode === tab && 'bg-card text-foreground shadow-card',
                    )}
                  >
                    {t(`auth.tabs.${tab}`)}
                  </Link>
                ))}
              </div>
              <div id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${mode}`} className="mt-6">
                {mode === 'login' ? (
                  <LoginForm />
                ) : (
                  <RegisterForm
                    categories={{
                      items: categories.data,
                      isLoading: categories.isPending,
                      isError: categories.isError,
                      retrying: categories.isFetching,
                      // A press while a retry is under way joins it instead of starting another.
                      retry: () => void categories.refetch({ cancelRefetch: false }),
                    }}
                  />
                )}
              </div>
            </CardContent>
          </Card>
          {appConfig.devMailbox && (
            <div className="mt-6">
              <DevMailboxNote />
            </div>
          )}
        </div>
      </div>
    </main>
  );
}

function BrandPanel() {
  const { t } = useTranslation();
  const points = ['campaigns', 'payments', 'chat'] as const;
  return (
    <section
      aria-labelledby="brand-panel-title"
      className="relative hidden overflow-hidden bg-gradient-to-br from-primary to-primary-hover p-12 text-primary-foreground lg:flex lg:flex-col lg:justify-between"
    >
      <div className="flex items-center gap-3">
        <LogoMark inverted />
        <span className="text-xl font-bold tracking-tight">{t('app.name')}</span>
      </div>
      <div className="max-w-md">
        <h2 id="brand-panel-title" className="text-4xl leading-tight font-bold tracking-tight">
          {t('app.tagline')}
        </h2>
        <ul className="mt-8 grid gap-4">
          {points.map((key) => (
            <li key={key} className="flex gap-3">
              <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <span className="text-primary-foreground-muted">{t(`auth.brand.${key}`)}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-sm text-primary-foreground-muted">{t('auth.brand.footer')}</p>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-card/10"
      />
    </section>
  );
}

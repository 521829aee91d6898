import { LogoMark } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/use-translation';
import { useCountedLoadingScreen } from './loading-screens';

/** A whole page that only says 'Loading...' (session check, post-login routing, lazy chunks). */
export function FullScreenLoading() {
  const { t } = useTranslation();
  useCountedLoadingScreen();
  return (
    <main aria-busy="true" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6">
      <LogoMark className="size-12" />
      <h1 className="sr-only">{t('app.name')}</h1>
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Spinner className="size-4" />
        {t('common.loading')}
      </p>
    </main>
  );
}

import { Compass } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';

export function NotFoundRoute() {
  const { t } = useTranslation();
  usePageTitle(t('titles.notFound'));
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Compass className="size-8" aria-hidden="true" />
      </div>
      <p className="text-6xl font-bold tracking-tight text-primary">404</p>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">{t('notFound.title')}</h1>
      <p className="mt-2 max-w-sm text-muted-foreground">{t('notFound.description')}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.root.href()}>{t('notFound.home')}</Link>
      </Button>
    </main>
  );
}

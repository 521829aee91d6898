import { Rocket } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';

export function ReadyToStartCard() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="ready-to-start"
      className="flex flex-col gap-5 overflow-hidden rounded-xl bg-gradient-to-br from-primary to-primary-hover p-6 text-primary-foreground shadow-raised sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div className="flex gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-full bg-card/15 sm:flex">
          <Rocket className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h2 id="ready-to-start" className="text-xl font-bold tracking-tight">
            {t('home.readyToStart.title')}
          </h2>
          <p className="mt-1 text-primary-foreground-muted">{t('home.readyToStart.description')}</p>
        </div>
      </div>
      <Button asChild variant="outline" size="lg" className="border-transparent text-primary hover:bg-primary-soft">
        <Link to={paths.campaigns.href({ create: true })}>{t('campaigns.create')}</Link>
      </Button>
    </section>
  );
}

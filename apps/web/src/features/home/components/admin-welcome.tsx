import { ChevronRight, LifeBuoy, Settings, ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';

const linkClass =
  'inline-flex items-center gap-1.5 font-semibold text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/** What an admin sees on /home: the way into the admin console (issue 23 §3), the support inbox and settings. */
export function AdminWelcome() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <div className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </div>
        <CardTitle>{t('home.admin.cardTitle')}</CardTitle>
        <CardDescription>{t('home.admin.cardDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-3">
        <Link to={paths.admin.href()} className={linkClass}>
          <ShieldCheck className="size-4" aria-hidden="true" />
          {t('home.admin.console')}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
        <Link to={paths.adminSupport.href()} className={linkClass}>
          <LifeBuoy className="size-4" aria-hidden="true" />
          {t('home.admin.support')}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
        <Link to={paths.settings.href()} className={linkClass}>
          <Settings className="size-4" aria-hidden="true" />
          {t('home.admin.settings')}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}

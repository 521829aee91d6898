import { ChevronRight, LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** What an admin sees on /home until the admin console is built: an honest note, not the client's landing. */
export function AdminWelcome() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <div className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <LifeBuoy className="size-5" aria-hidden="true" />
        </div>
        <CardTitle>{t('home.admin.cardTitle')}</CardTitle>
        <CardDescription>{t('home.admin.cardDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link
          to={paths.settings.href()}
          className="inline-flex items-center gap-1 font-semibold text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {t('home.admin.settings')}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}

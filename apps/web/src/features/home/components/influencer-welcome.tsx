import { ChevronRight, Megaphone, Package } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';

/** What an influencer sees on /home: where their work lives. */
export function InfluencerWelcome() {
  const { t } = useTranslation();
  const links = [
    { key: 'campaigns', to: paths.campaigns.href(), icon: Megaphone },
    { key: 'orders', to: paths.orders.href(), icon: Package },
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('home.influencer.cardTitle')}</CardTitle>
        <CardDescription>{t('home.influencer.cardDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        {links.map(({ key, to, icon: Icon }) => (
          <Link
            key={key}
            to={to}
            className="group flex items-center gap-4 rounded-lg border border-border p-4 transition-colors hover:border-primary/40 hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary group-hover:bg-card">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{t(`home.influencer.${key}.title`)}</span>
              <span className="block text-sm text-muted-foreground">{t(`home.influencer.${key}.description`)}</span>
            </span>
            <ChevronRight className="size-5 text-muted-foreground" aria-hidden="true" />
          </Link>
        ))}
      </CardContent>
    </Card>
  );
}

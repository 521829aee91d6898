import { Megaphone, Users } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useNumber } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useClientHome } from '../api/use-client-home';

/**
 * Client Home's two counts: active influencers and the client's open campaigns, each a way into its list. A failed
 * load shows nothing here; Top Influencers (same request) says so and offers the retry.
 */
export function HomeStats() {
  const { t } = useTranslation();
  const number = useNumber();
  const home = useClientHome();
  if (home.isError && !home.data) return null;
  const tiles = [
    { key: 'influencers', icon: Users, to: paths.influencers.href(), value: home.data?.counts.influencers },
    { key: 'openCampaigns', icon: Megaphone, to: paths.campaigns.href(), value: home.data?.counts.openCampaigns },
  ] as const;
  return (
    <ul className="grid grid-cols-2 gap-3" aria-busy={home.isPending || undefined}>
      {tiles.map(({ key, icon: Icon, to, value }) => (
        <li key={key}>
          <Link
            to={to}
            className="flex h-full items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-card transition-colors hover:border-primary/40 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="hidden size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary min-[400px]:flex">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="grid min-w-0">
              {value === undefined ? (
                <Skeleton className="my-1 h-6 w-10" />
              ) : (
                <span className="text-2xl leading-tight font-bold tracking-tight" data-testid={`home-count-${key}`}>
                  {number(value)}
                </span>
              )}{' '}
              <span className="text-sm leading-snug text-muted-foreground">{t(`home.stats.${key}`)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

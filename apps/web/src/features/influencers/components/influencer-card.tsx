import type { InfluencerCard as InfluencerCardData } from '@app/shared/influencers/influencer.schemas';
import { RatingSummary } from '@/components/star-rating';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { fullName } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { CategoryList } from './category-list';
import { LowestPrice, PlatformReach } from './platform-reach';

/** Categories a card shows before '+N'. */
const CARD_CATEGORIES = 3;

/** One directory card: who, what they make, where and how many follow them, how they are rated. */
export function InfluencerCard({ influencer }: { influencer: InfluencerCardData }) {
  const { t } = useTranslation();
  // From the data, not useId: the card may be taken over after the rest of the page (HydrateLater).
  const nameId = `influencer-${influencer.id}-name`;
  const name = fullName(influencer.name, influencer.lastname);
  // What they make: the profile's categories, then those set per platform in Settings → Social Media (issue 27:
  // the card showed the first only), each once.
  const seen = new Set<string>();
  const categories = [...influencer.categories, ...influencer.prices.flatMap((p) => p.categories)].filter(
    (c) => !seen.has(c.id) && seen.add(c.id),
  );
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-card list-card"
    >
      <div className="flex items-center gap-3">
        <Avatar src={influencer.avatarUrl} name={influencer.name} lastname={influencer.lastname} size="lg" />
        <div className="min-w-0">
          <h2 id={nameId} className="truncate text-base font-semibold leading-tight">
            {name}
          </h2>
          <RatingSummary
            average={influencer.rating.average}
            count={influencer.rating.count}
            size="sm"
            className="mt-1"
          />
        </div>
      </div>
      <CategoryList categories={categories} max={CARD_CATEGORIES} />
      <PlatformReach platforms={influencer.platforms} socials={influencer.socials} />
      <LowestPrice prices={influencer.prices} />
      <Button asChild variant="outline" className="mt-auto w-full">
        <Link to={paths.influencer.href(influencer.id)} aria-label={t('influencers.card.viewProfileOf', { name })}>
          {t('influencers.card.viewProfile')}
        </Link>
      </Button>
    </article>
  );
}

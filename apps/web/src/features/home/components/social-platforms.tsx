import { HOME_PLATFORMS } from '@app/shared/constants';
import { PlatformIcon } from '@/components/platform-icon';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';

/** Home's Social Platforms row: each opens the directory filtered by that network. */
export function SocialPlatforms() {
  const { t } = useTranslation();
  return (
    <ul className="-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 sm:mx-0 sm:grid sm:grid-cols-5 sm:overflow-visible sm:px-0">
      {HOME_PLATFORMS.map((platform) => (
        <li key={platform} className="snap-start">
          <Link
            to={paths.influencers.href({ social: platform })}
            className="flex w-24 flex-col items-center gap-2 rounded-xl border border-border bg-card px-3 py-4 shadow-card transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-raised focus-visible:outline-2 focus-visible:outline-ring sm:w-auto"
          >
            <span className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
              <PlatformIcon platform={platform} className="size-5" />
            </span>
            <span className="text-sm font-semibold">{t(`platforms.${platform}`)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

import { DIRECTORY_PLATFORMS, type Platform } from '@app/shared/constants';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';

type DirectoryFiltersProps = { category?: { id: string; name?: string }; social?: string };

/**
 * The filters the directory was opened with (from Home's shortcuts), each removable. The small remove icons get a
 * 44 px hit area from an invisible ::after.
 */
export function DirectoryFilters({ category, social }: DirectoryFiltersProps) {
  const { t } = useTranslation();
  const platform = DIRECTORY_PLATFORMS.includes(social as Platform) ? (social as Platform) : undefined;
  if (!category && !platform) return null;
  return (
    <div className="mb-6 flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted-foreground">{t('influencers.filteredBy')}</span>
      {platform && (
        <Badge variant="outline" className="py-1 pr-1">
          {t(`platforms.${platform}`)}
          <Link
            to={paths.influencers.href({ category: category?.id })}
            aria-label={t('influencers.removeFilter', { name: t(`platforms.${platform}`) })}
            className="relative rounded-full p-0.5 after:absolute after:-inset-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden="true" />
          </Link>
        </Badge>
      )}
      {category && (
        <Badge variant="outline" className="py-1 pr-1">
          {category.name ?? t('influencers.categoryFilter')}
          <Link
            to={paths.influencers.href({ social: platform })}
            aria-label={t('influencers.removeFilter', { name: category.name ?? t('influencers.categoryFilter') })}
            className="relative rounded-full p-0.5 after:absolute after:-inset-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden="true" />
          </Link>
        </Badge>
      )}
    </div>
  );
}

import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';

/** Home's Top Influencers. The directory API arrives with the influencers feature; until then there is nobody to show. */
export function TopInfluencers() {
  const { t } = useTranslation();
  return <EmptyState icon={Users} title={t('home.topInfluencers.empty')} headingLevel="h3" />;
}

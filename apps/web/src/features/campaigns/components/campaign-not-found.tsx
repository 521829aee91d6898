import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';

export function CampaignNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={SearchX}
      title={t('campaigns.detail.notFound')}
      description={t('campaigns.detail.notFoundHint')}
      action={
        <Button asChild variant="outline">
          <Link to={paths.campaigns.href()}>{t('campaigns.detail.back')}</Link>
        </Button>
      }
    />
  );
}

import type { CampaignDetail } from '@app/shared/campaigns/campaign.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/components/panel';
import { campaignKeys } from '@/features/campaigns/api/campaign-keys';
import { StartPayPanel } from '@/features/payments/components/start-pay-panel';

/**
 * What the viewer of a campaign can do with its order now, composed from the features that own each step: the
 * owner pays an unpaid order (payments). The server decides; these only offer what it would accept.
 */
export function OrderActions({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { order, viewer } = campaign;
  if (!order) return null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaign.id) });
  if (viewer.isOwner && order.status === 'unpaid') {
    return (
      <Panel title={t('payments.panelTitle')}>
        <StartPayPanel orderId={order.id} amountMinor={order.amountMinor} onPaid={refresh} />
      </Panel>
    );
  }
  return null;
}

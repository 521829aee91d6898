import type { CampaignDetail } from '@app/shared/campaigns/campaign.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/components/panel';
import { campaignKeys } from '@/features/campaigns/api/campaign-keys';
import { WorkActions } from '@/features/orders/components/work-actions';
import { StartPayPanel } from '@/features/payments/components/start-pay-panel';
import { fullName } from '@/lib/format';

/**
 * What the viewer of a campaign can do with its order now, composed from the features that own each step: the
 * owner pays an unpaid order (payments); both parties take the work steps (orders). The server decides; these only
 * offer what it would accept (the order's `actions`).
 */
export function OrderActions({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { order, viewer } = campaign;
  if (!order) return null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaign.id) });
  if (viewer.isOwner && order.actions.includes('pay')) {
    return (
      <Panel title={t('payments.panelTitle')}>
        <StartPayPanel orderId={order.id} amountMinor={order.amountMinor} onPaid={refresh} />
      </Panel>
    );
  }
  if (order.status === 'unpaid' || order.status === 'canceled') return null;
  const isClient = viewer.isOwner;
  return (
    <Panel title={isClient ? t('work.panelTitleClient') : t('work.panelTitle')}>
      <WorkActions
        order={order}
        viewer={isClient ? 'client' : 'influencer'}
        counterpart={isClient ? fullName(order.influencer.name, order.influencer.lastname) : campaign.client.name}
      />
    </Panel>
  );
}

import type { CampaignDetail } from '@app/shared/campaigns/campaign.schemas';
import type { ChatHeader } from '@app/shared/chat/message.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Panel } from '@/components/panel';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/lazy-dialog';
import { campaignKeys } from '@/features/campaigns/api/campaign-keys';
import { useCampaign } from '@/features/campaigns/api/use-campaigns';
import { WorkActions } from '@/features/orders/components/work-actions';
import { ProofCheckMark } from '@/features/orders/components/work-actions/proof-check-mark';
import { StartPayPanel } from '@/features/payments/components/start-pay-panel';
import { fullName } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';

/**
 * What the viewer of a campaign can do with its order now, composed from the features that own each step: the
 * owner pays an unpaid order (payments); both parties take the work steps (orders). The server decides; these only
 * offer what it would accept (the order's `actions`).
 */
export function OrderActions({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The pay panel stays while its bank dialog is open, also once the order reads paid: the live frame of the bank's
  // confirmation (issue 24) can reach the page before the dialog has heard it and said "Payment confirmed".
  const [paying, setPaying] = useState(false);
  const { order, viewer } = campaign;
  if (!order) return null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaign.id) });
  if (viewer.isOwner && (order.actions.includes('pay') || paying)) {
    return (
      <Panel title={t('payments.panelTitle')}>
        <StartPayPanel orderId={order.id} amountMinor={order.amountMinor} onPaid={refresh} onPayingChange={setPaying} />
      </Panel>
    );
  }
  if (order.status === 'unpaid' || order.status === 'canceled') return null;
  const isClient = viewer.isOwner;
  return (
    <Panel title={isClient ? t('work.panelTitleClient') : t('work.panelTitle')}>
      {/* The proof's check, at a glance before and after review (decision 039). */}
      {order.proofCheck && order.workStatus === 'completed' && (
        <div className="mb-4">
          <ProofCheckMark check={order.proofCheck} />
        </div>
      )}
      <WorkActions
        order={order}
        viewer={isClient ? 'client' : 'influencer'}
        counterpart={
          isClient
            ? fullName(order.influencer.name, order.influencer.lastname)
            : fullName(campaign.client.name, campaign.client.lastname)
        }
        agreement
      />
    </Panel>
  );
}

/**
 * The order's bar inside its chat (spec §2 Chat dialogs: start campaign and pay with its budget field, work
 * submission, review and approve): the same panels as the campaign page, so each step is the same request. It reads
 * the order from the campaign (one cached query) and follows the chat: a system line moves the header's stage, and
 * the bar asks the server again.
 */
export function ChatOrderActions({ header }: { header: ChatHeader }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const campaignId = header.campaign?.id ?? '';
  const detail = useCampaign(campaignId);
  const [paying, setPaying] = useState(false);
  const seenStage = useRef(header.stage);
  useEffect(() => {
    if (seenStage.current === header.stage) return;
    seenStage.current = header.stage;
    void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) });
  }, [header.stage, campaignId, queryClient]);

  const order = detail.data?.order;
  if (!campaignId || !detail.data || !order) return null;
  const campaign = detail.data;
  const isClient = campaign.viewer.isOwner;
  // The pay dialog stays while it is open, also once the order reads paid: the bank's confirmation can reach the
  // chat (a system line, so a fresh order without 'pay') before the dialog has heard it and said so.
  const payDialog = (isClient && order.actions.includes('pay')) || paying;
  let content: ReactNode = null;
  if (isClient && order.actions.includes('pay')) {
    content = (
      <>
        <p className="min-w-0 flex-1 text-sm text-muted-foreground">{t('work.waitingForPayment')}</p>
        <Button size="sm" onClick={() => setPaying(true)}>
          <CreditCard aria-hidden="true" />
          {t('chat.order.startAndPay')}
        </Button>
      </>
    );
  } else if (order.status !== 'unpaid' && order.status !== 'canceled') {
    content = (
      <WorkActions
        order={order}
        viewer={isClient ? 'client' : 'influencer'}
        counterpart={
          isClient
            ? fullName(order.influencer.name, order.influencer.lastname)
            : fullName(campaign.client.name, campaign.client.lastname)
        }
        place="chat"
      />
    );
  }
  if (payDialog) {
    content = (
      <>
        {content}
        <Dialog open={paying} onOpenChange={setPaying}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{t('chat.order.payTitle')}</DialogTitle>
              <DialogDescription>{t('chat.order.payDescription')}</DialogDescription>
            </DialogHeader>
            <StartPayPanel
              orderId={order.id}
              amountMinor={order.amountMinor}
              onPaid={() => {
                setPaying(false);
                void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) });
              }}
            />
          </DialogContent>
        </Dialog>
      </>
    );
  }
  if (!content) return null;
  return (
    <section
      aria-label={t('chat.order.label')}
      className="flex flex-wrap items-center gap-2 border-b border-border bg-muted/50 px-3 py-2 sm:px-4"
    >
      {content}
    </section>
  );
}

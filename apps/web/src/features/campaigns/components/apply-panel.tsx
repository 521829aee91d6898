import type { CampaignDetail } from '@app/shared/campaigns/campaign.schemas';
import { ERROR_CODES } from '@app/shared/errors';
import { Check, CircleAlert, Info, Mail, MessageCircle, Package, PartyPopper } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useApplyToCampaign } from '../api/campaign-mutations';

/**
 * The influencer's action area (spec §2): Apply once; then what became of the application. Start Work and Submit
 * Work belong to the order flow and are not offered here until it exists.
 */
export function ApplyPanel({ campaign, onApplied }: { campaign: CampaignDetail; onApplied?: () => void }) {
  const { t } = useTranslation();
  const dates = useDates();
  const apply = useApplyToCampaign(campaign.id, onApplied);
  const application = campaign.viewer.application;
  // 409 ALREADY_APPLIED means the same as success here: the button must not invite a second try.
  const alreadyApplied = apply.error instanceof ApiError && apply.error.code === ERROR_CODES.ALREADY_APPLIED;

  if (application?.status === 'accepted') {
    const paid = campaign.order?.status === 'paid';
    return (
      <Note
        tone="success"
        icon={PartyPopper}
        title={paid ? t('campaigns.apply.hiredPaid') : t('campaigns.apply.hired')}
      >
        <div className="mt-3 flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={paths.orders.href()}>
              <Package aria-hidden="true" />
              {t('campaigns.apply.viewOrders')}
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={paths.chat.href(campaign.order?.chatId)}>
              <MessageCircle aria-hidden="true" />
              {t('campaigns.openChat')}
            </Link>
          </Button>
        </div>
      </Note>
    );
  }
  if (application?.status === 'rejected') {
    return (
      <Note tone="muted" icon={Info} title={t('campaigns.apply.notSelected')}>
        <p>{t('campaigns.apply.notSelectedHint')}</p>
      </Note>
    );
  }

  const applied = Boolean(application) || apply.isSuccess || alreadyApplied;
  if (applied) {
    const when = application?.createdAt ?? apply.data?.application.createdAt;
    return (
      <div className="grid gap-2">
        <Button disabled className="w-full" size="lg">
          <Check aria-hidden="true" />
          {t('campaigns.apply.applied')}
        </Button>
        <p className="text-center text-sm text-muted-foreground" role="status">
          {when ? t('campaigns.apply.sentOn', { date: dates.day(when) }) : t('campaigns.apply.sent')}
        </p>
      </div>
    );
  }

  if (!campaign.viewer.canApply) {
    return (
      <Note tone="muted" icon={CircleAlert} title={t('campaigns.apply.closed')}>
        <p>{t('campaigns.apply.closedHint')}</p>
      </Note>
    );
  }

  return (
    <div className="grid gap-3">
      {campaign.viewer.invited && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Mail className="size-4 text-primary" aria-hidden="true" />
          {t('campaigns.apply.invited')}
        </p>
      )}
      <Button size="lg" className="w-full" loading={apply.isPending} onClick={() => apply.mutate()}>
        {t('campaigns.apply.button')}
      </Button>
      <p className="text-center text-xs text-muted-foreground">{t('campaigns.apply.hint')}</p>
    </div>
  );
}

const TONES = {
  success: 'border-success/30 bg-success-soft [&_svg.note-icon]:text-success',
  muted: 'border-border bg-muted [&_svg.note-icon]:text-muted-foreground',
} as const;

function Note({
  tone,
  icon: Icon,
  title,
  children,
}: {
  tone: keyof typeof TONES;
  icon: typeof Info;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex gap-3 rounded-lg border p-4', TONES[tone])}>
      <Icon className="note-icon mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-foreground">{title}</p>
        {children && <div className="mt-1 text-foreground/80">{children}</div>}
      </div>
    </div>
  );
}

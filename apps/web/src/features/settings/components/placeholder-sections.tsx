import type { Role } from '@app/shared/constants';
import type { LucideIcon } from 'lucide-react';
import { ChevronRight, CreditCard, Headset, Hourglass, Landmark, Share2 } from 'lucide-react';
import { lazy } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useTranslation } from '@/lib/use-translation';

/** FAQ and Manage Privacy: the spec has them say only 'coming soon...'. */
export function ComingSoonSection() {
  const { t } = useTranslation();
  return <EmptyState icon={Hourglass} title={t('settings.comingSoon')} />;
}

export function HelpSection({ onOpenAdminSupport }: { onOpenAdminSupport: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className="overflow-hidden rounded-xl border border-border bg-card shadow-card">
      <li>
        <button
          type="button"
          onClick={onOpenAdminSupport}
          className="flex w-full items-center gap-4 px-4 py-4 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <Headset className="size-5" aria-hidden="true" />
          </span>
          <span className="flex-1">
            <span className="block text-sm font-semibold">{t('settings.help.adminSupport')}</span>
            <span className="block text-sm text-muted-foreground">{t('settings.help.adminSupportHint')}</span>
          </span>
          <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
        </button>
      </li>
    </ul>
  );
}

// The support chat (the conversation, its composer and Radix) loads when the section is opened (issue 28 §2).
const SupportChat = lazy(() =>
  import('@/features/chat/components/support-chat').then((m) => ({ default: m.SupportChat })),
);

/** Help → Admin Support: the live support chat (issue 12 §5). */
export function AdminSupportSection() {
  return <SupportChat />;
}

export function PaymentSection({ role }: { role: Role | null }) {
  const { t } = useTranslation();
  if (role !== 'client' && role !== 'influencer') {
    return (
      <Card>
        <CardContent className="text-sm text-muted-foreground">{t('settings.payment.notAvailable')}</CardContent>
      </Card>
    );
  }
  const client = role === 'client';
  const icon: LucideIcon = client ? CreditCard : Landmark;
  return (
    <EmptyState
      icon={icon}
      title={client ? t('settings.payment.client.title') : t('settings.payment.influencer.title')}
      description={client ? t('settings.payment.client.description') : t('settings.payment.influencer.description')}
    />
  );
}

export function SocialsSection() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={Share2}
      title={t('settings.socials.comingTitle')}
      description={t('settings.socials.comingDescription')}
    />
  );
}

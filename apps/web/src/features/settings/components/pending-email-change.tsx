import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';
import { useCancelEmailChange, useEmailChange, useResendEmailChange } from '../api/email-change-api';

/**
 * Under the profile's e-mail field while a new address waits for its link (issue 27): which one, and Resend / Cancel.
 * The account keeps its address until the link is opened.
 */
export function PendingEmailChange({ current }: { current: string }) {
  const { t } = useTranslation();
  const change = useEmailChange();
  const resend = useResendEmailChange();
  const cancel = useCancelEmailChange();
  const pending = change.data?.pendingEmail;
  if (!pending) return null;
  return (
    <div role="status" className="grid gap-3 rounded-lg border border-warning/30 bg-warning-soft p-4">
      <div className="flex gap-3">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        <div className="grid min-w-0 gap-1">
          <p className="text-sm font-semibold break-words">
            {t('settings.profile.pendingEmail.title', { email: pending })}
          </p>
          <p className="text-sm text-muted-foreground break-words">
            {t('settings.profile.pendingEmail.description', { email: current })}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          loading={resend.isPending}
          disabled={cancel.isPending}
          onClick={() => resend.mutate()}
        >
          {t('settings.profile.pendingEmail.resend')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          loading={cancel.isPending}
          disabled={resend.isPending}
          onClick={() => cancel.mutate()}
        >
          {t('settings.profile.pendingEmail.cancel')}
        </Button>
      </div>
    </div>
  );
}

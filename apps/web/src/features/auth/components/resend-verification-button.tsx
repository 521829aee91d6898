import { MailWarning } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { failureReason } from '@/lib/failure';
import { useTranslation } from '@/lib/use-translation';
import { useResendVerification } from '../api/auth-api';

/** A new verification link to the signed-in person's own address, in one click (the toast is the hook's). */
export function ResendVerificationButton({ email, size = 'sm' }: { email: string; size?: 'sm' | 'default' }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(email, {
          onError: (error) =>
            toast({ title: t('common.error'), description: failureReason(error), variant: 'destructive' }),
        })
      }
    >
      {t('auth.resend.button')}
    </Button>
  );
}

/**
 * An influencer whose address is unconfirmed cannot be hired or paid out (issue 23 §2): Home says so and offers a new
 * link.
 */
export function UnconfirmedEmailNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="mb-6 grid gap-3 rounded-lg border border-warning/30 bg-warning-soft p-4 sm:flex">
      <div className="flex min-w-0 flex-1 gap-3">
        <MailWarning className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        <div className="grid gap-1 text-sm">
          <p className="font-semibold text-foreground">{t('auth.unconfirmed.title')}</p>
          <p className="text-muted-foreground">{t('auth.unconfirmed.description', { email })}</p>
        </div>
      </div>
      <div className="sm:self-center">
        <ResendVerificationButton email={email} />
      </div>
    </div>
  );
}

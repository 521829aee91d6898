import { CircleAlert, CircleCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';

type Notice =
  | { kind: 'expired' }
  | { kind: 'error'; description: string; resend: boolean }
  | { kind: 'confirmed'; change: boolean }
  /** The old address's link cancelled a pending e-mail change (issue 27). */
  | { kind: 'undone' }
  | null;

const NO_RESEND = new Set([
  'email_taken',
  'sign_in_link_invalid',
  'account_deactivated',
  'change_cancelled',
  'email_already_changed',
  'undo_invalid',
]);

/**
 * Reads what the verify-email link (or a locked account's one-time sign-in link) leaves in the hash: `#verified=email|email_change` when it confirmed an address
 * opened outside the signed-in browser, or `#error=…&error_code=…&error_description=…` on failure.
 */
export function readVerificationHash(hash: string): Notice {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const verified = params.get('verified');
  if (verified === 'email' || verified === 'email_change') return { kind: 'confirmed', change: verified !== 'email' };
  if (params.get('email_change') === 'cancelled') return { kind: 'undone' };
  const code = params.get('error_code');
  const error = params.get('error');
  if (!code && !error) return null;
  if (code === 'otp_expired') return { kind: 'expired' };
  // A new verification link cannot mend an address another account has taken, nor a spent sign-in link (the
  // server's /api/auth/sign-in-link) or a deactivated account.
  return {
    kind: 'error',
    description: params.get('error_description') ?? error ?? code ?? '',
    resend: !NO_RESEND.has(code ?? ''),
  };
}

// Shown only after hydration (from the address's hash), so its form code (react-hook-form, the schemas) is loaded then,
// not with every page before its first tap (issue 28 §2).
const ResendVerificationForm = lazy(() =>
  import('./resend-verification-form').then((m) => ({ default: m.ResendVerificationForm })),
);

/**
 * The expired-link notice, or the link's own error, with a resend form; the hash is cleared once read. The hash never
 * reaches the server, so a page it rendered shows the notice once the browser has taken it over.
 */
export function VerificationNotice() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    if (!window.location.hash) return;
    setNotice(readVerificationHash(window.location.hash));
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);

  if (!notice) return null;
  if (notice.kind === 'confirmed' || notice.kind === 'undone') {
    return (
      <div role="status" className="mb-6 flex gap-3 rounded-lg border border-success/30 bg-success-soft p-4">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <p className="text-sm font-medium text-foreground">
          {notice.kind === 'undone'
            ? t('auth.verification.changeUndone')
            : notice.change
              ? t('auth.verification.changeConfirmed')
              : t('auth.verification.confirmed')}
        </p>
      </div>
    );
  }
  return (
    <div role="alert" className="mb-6 grid gap-4 rounded-lg border border-warning/30 bg-warning-soft p-4">
      <div className="flex gap-3">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        <p className="text-sm font-medium text-foreground">
          {notice.kind === 'expired' ? t('auth.verification.expired') : notice.description}
        </p>
      </div>
      {/* A failed link is mended the same way: a new one (unless the address is taken). */}
      {(notice.kind === 'expired' || notice.resend) && (
        <Suspense fallback={null}>
          <ResendVerificationForm />
        </Suspense>
      )}
    </div>
  );
}

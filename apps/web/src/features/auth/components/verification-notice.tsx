import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResendVerificationForm } from './resend-verification-form';

type Notice = { kind: 'expired' } | { kind: 'error'; description: string } | null;

/** Reads `#error=…&error_code=…&error_description=…`, which the verify-email link leaves on failure. */
export function readVerificationHash(hash: string): Notice {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get('error_code');
  const error = params.get('error');
  if (!code && !error) return null;
  if (code === 'otp_expired') return { kind: 'expired' };
  return { kind: 'error', description: params.get('error_description') ?? error ?? code ?? '' };
}

/** The expired-link notice, or the link's own error, with a resend form; the hash is cleared once read. */
export function VerificationNotice() {
  const { t } = useTranslation();
  const [notice] = useState(() => readVerificationHash(window.location.hash));

  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
  }, []);

  if (!notice) return null;
  return (
    <div role="alert" className="mb-6 grid gap-4 rounded-lg border border-warning/30 bg-warning-soft p-4">
      <div className="flex gap-3">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        <p className="text-sm font-medium text-foreground">
          {notice.kind === 'expired' ? t('auth.verification.expired') : notice.description}
        </p>
      </div>
      {/* Every failed link is mended the same way: a new one. */}
      <ResendVerificationForm />
    </div>
  );
}

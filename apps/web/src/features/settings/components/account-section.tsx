import type { OpenOrderItem } from '@app/shared/auth/auth.schemas';
import { DEACTIVATION_PHRASE } from '@app/shared/constants';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useDeactivateAccount } from '../api/settings-api';

/** The orders the server says must be finished or cancelled first (409 ACCOUNT_HAS_OPEN_ORDERS), or null. */
function openOrdersOf(error: unknown): OpenOrderItem[] | null {
  if (!(error instanceof ApiError) || error.code !== 'ACCOUNT_HAS_OPEN_ORDERS') return null;
  const orders = (error.details as { orders?: unknown } | undefined)?.orders;
  return Array.isArray(orders) && orders.every(isOpenOrder) ? orders : null;
}

/** The shape of `openOrderItem` (auth.schemas.ts), checked without zod (off the settings page's first tap). */
const isOpenOrder = (o: unknown): o is OpenOrderItem =>
  typeof o === 'object' &&
  o !== null &&
  ['id', 'campaignId', 'title', 'stage'].every((key) => typeof (o as Record<string, unknown>)[key] === 'string');

/** Spec §4: deactivation asks for the phrase; the hook toasts and signs the person out 2 s after the server agrees. */
export function AccountSection() {
  const { t } = useTranslation();
  const deactivate = useDeactivateAccount();
  const [phrase, setPhrase] = useState('');
  // Deactivated: the sign-out follows shortly, nothing more to do here.
  const leaving = deactivate.isSuccess;
  // The server's contract (`deactivateInput`) takes exactly the phrase: the button agrees with it.
  const confirmed = phrase === DEACTIVATION_PHRASE;
  const open = openOrdersOf(deactivate.error);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!confirmed || deactivate.isPending || leaving) return;
    deactivate.mutate(DEACTIVATION_PHRASE);
  };

  return (
    <Card className="border-destructive/30">
      <CardHeader>
        <div className="flex items-center gap-2 text-destructive-hover">
          <TriangleAlert className="size-5" aria-hidden="true" />
          <CardTitle>{t('settings.account.cardTitle')}</CardTitle>
        </div>
        <CardDescription>{t('settings.account.cardDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label={t('settings.account.cardTitle')}>
          <Field
            label={t('settings.account.confirmLabel', { phrase: DEACTIVATION_PHRASE })}
            hint={t('settings.account.confirmHint')}
          >
            {(p) => (
              <Input
                {...p}
                value={phrase}
                onChange={(e) => setPhrase(e.target.value)}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                disabled={leaving}
              />
            )}
          </Field>
          {open && (
            <div role="alert" className="grid gap-2 rounded-lg border border-warning/30 bg-warning-soft p-3 text-sm">
              <p className="font-semibold">{t('settings.account.openOrdersTitle')}</p>
              <p>{t('settings.account.openOrdersDescription')}</p>
              <ul className="grid gap-1" aria-label={t('settings.account.openOrdersTitle')}>
                {open.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-center gap-x-2">
                    <Link
                      to={paths.campaign.href(o.campaignId)}
                      className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-2"
                    >
                      {o.title}
                    </Link>
                    <span className="text-muted-foreground">{t(`status.${o.stage}`, { defaultValue: o.stage })}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="flex justify-end">
            <Button
              type="submit"
              variant="destructive"
              disabled={!confirmed || leaving}
              loading={deactivate.isPending || leaving}
              className="w-full sm:w-auto"
            >
              {t('settings.account.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

import { DEACTIVATION_PHRASE } from '@app/shared/constants';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useDeactivateAccount } from '../api/settings-api';

/** Spec §4: the account is deactivated, then the person is signed out after 2 s. */
export const LOGOUT_AFTER_DEACTIVATION_MS = 2000;

type AccountSectionProps = {
  /**
   * Ends the session `afterMs` later, whatever screen the person is on by then (called from the mutation itself,
   * so it also happens when this section has been left).
   */
  onDeactivated: (options: { afterMs: number }) => void;
};

export function AccountSection({ onDeactivated }: AccountSectionProps) {
  const { t } = useTranslation();
  const deactivate = useDeactivateAccount({
    onDeactivated: () => onDeactivated({ afterMs: LOGOUT_AFTER_DEACTIVATION_MS }),
  });
  const [phrase, setPhrase] = useState('');
  // Deactivated: the sign-out follows shortly, nothing more to do here.
  const leaving = deactivate.isSuccess;

  const confirmed = phrase === DEACTIVATION_PHRASE;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!confirmed || deactivate.isPending || leaving) return;
    deactivate.mutate();
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

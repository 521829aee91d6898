import { formatIban, normalizeIban } from '@app/shared/payouts/iban';
import type { SaveIbanInput } from '@app/shared/payouts/iban.schemas';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { failureReason } from '@/lib/failure';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useTranslation } from '@/lib/use-translation';
import { useSaveIban } from '../api/use-payouts';

const resolver = lazyZodResolver<SaveIbanInput>(() =>
  import('@app/shared/payouts/iban.schemas').then((m) => m.saveIbanInput),
);

/**
 * The IBAN form (spec §5): the shared rule checks it as the server does (spaces stripped, uppercased, 15–34
 * characters, the country's format and the check digits); on leaving the field it is shown in groups of four.
 */
export function IbanForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial?: string | null;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveIban();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<SaveIbanInput>({
    resolver,
    defaultValues: { iban: initial ? formatIban(initial) : '' },
  });
  const field = register('iban', {
    onBlur: (e) => {
      const v = normalizeIban(e.target.value);
      if (v) setValue('iban', formatIban(v));
    },
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(values.iban, {
      onSuccess: () => onSaved?.(),
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, ['iban'])) {
          toast({ title: t('payouts.iban.saveFailed'), description: failureReason(error), variant: 'destructive' });
        }
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('payouts.iban.title')}>
      <Field label={t('payouts.iban.label')} error={errors.iban?.message} hint={t('payouts.iban.hint')} required>
        {(p) => (
          <Input
            {...p}
            {...field}
            inputMode="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="GE00 XX00 0000 0000 0000 00"
            className="font-mono tracking-wide uppercase"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          {t('payouts.iban.save')}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={save.isPending}>
            {t('payouts.iban.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

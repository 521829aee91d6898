import { DISPUTE_REASONS } from '@app/shared/disputes/dispute.constants';
import type { OpenDisputeInput } from '@app/shared/disputes/dispute.schemas';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useTranslation } from '@/lib/use-translation';
import { useOpenDispute } from '../api/use-disputes';

const resolver = lazyZodResolver<OpenDisputeInput>(() =>
  import('@app/shared/disputes/dispute.schemas').then((m) => m.openDisputeInput),
);

/** open-dispute-button.tsx's dialog, with the form's code: loaded when first opened (lazyUntilOpen). */
export function OpenDisputeDialog({
  orderId,
  open,
  onOpenChange,
}: {
  orderId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const reasonError = useId();
  const dispute = useOpenDispute(orderId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<OpenDisputeInput>({
    resolver,
    defaultValues: { description: '' },
  });
  const onSubmit = handleSubmit((values) =>
    dispute.mutate(values, {
      onSuccess: () => {
        onOpenChange(false);
        reset();
      },
      onError: (error) => applyServerFieldErrors(error, setError, ['reason', 'description']),
    }),
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={dispute.isPending}
      title={t('disputes.openTitle')}
      description={t('disputes.openDescription')}
      submitLabel={t('disputes.openButton')}
      onSubmit={onSubmit}
    >
      <fieldset
        className="grid gap-2"
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? reasonError : undefined}
      >
        <legend className="mb-1.5 text-sm font-medium">{t('disputes.reason')}</legend>
        {DISPUTE_REASONS.map((r) => (
          <label
            key={r}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input type="radio" value={r} className="size-4 accent-primary" {...register('reason')} />
            {t(`disputes.reasons.${r}`)}
          </label>
        ))}
        {errors.reason?.message && <FieldError id={reasonError}>{errors.reason.message}</FieldError>}
      </fieldset>
      <Field label={t('disputes.description')} error={errors.description?.message} required>
        {(p) => <Textarea {...p} rows={4} {...register('description')} />}
      </Field>
    </FormDialog>
  );
}

import { DISPUTE_REASONS } from '@app/shared/disputes/dispute.constants';
import type { OpenDisputeInput } from '@app/shared/disputes/dispute.schemas';
import { Scale } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
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

/**
 * Open a dispute (issue 23 §1): a reason from the short list and what happened. The server says who may and when (the
 * button is shown only when the order machine offers it).
 */
export function OpenDisputeButton({ orderId, size = 'default' }: { orderId: string; size?: 'sm' | 'default' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
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
        setOpen(false);
        reset();
      },
      onError: (error) => applyServerFieldErrors(error, setError, ['reason', 'description']),
    }),
  );
  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)}>
        <Scale aria-hidden="true" />
        {t('disputes.open')}
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
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
    </>
  );
}

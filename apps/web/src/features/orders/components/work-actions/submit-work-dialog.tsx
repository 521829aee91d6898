import type { SubmitWorkInput } from '@app/shared/orders/order.schemas';
import { useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useTranslation } from '@/lib/use-translation';
import { useSubmitWork } from '../../api/order-mutations';

const resolver = lazyZodResolver<SubmitWorkInput>(() =>
  import('@app/shared/orders/order.schemas').then((m) => m.submitWorkInput),
);

/** The proof and notes of submit-work-button.tsx, with the form's code: loaded when first opened (lazyUntilOpen). */
export function SubmitWorkDialog({
  orderId,
  open,
  onOpenChange,
  start,
}: {
  orderId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the boxes hold on each opening. */
  start: SubmitWorkInput;
}) {
  const { t } = useTranslation();
  const submit = useSubmitWork(orderId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<SubmitWorkInput>({ resolver, defaultValues: start });
  // Each opening starts from `start` (the previous proof when submitting again), before the boxes are painted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only; `start` is a fresh object each render
  useLayoutEffect(() => {
    if (open) reset(start);
  }, [open, reset]);
  const onSubmit = handleSubmit((values) =>
    submit.mutate(values, {
      onSuccess: () => {
        onOpenChange(false);
        reset();
      },
      onError: (error) => applyServerFieldErrors(error, setError, ['proofUrl', 'completionNotes']),
    }),
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={submit.isPending}
      title={t('work.submitTitle')}
      description={t('work.submitDescription')}
      submitLabel={t('work.submitButton')}
      onSubmit={onSubmit}
    >
      <Field label={t('work.proofUrl')} error={errors.proofUrl?.message} required hint={t('work.proofUrlHint')}>
        {(p) => <Input {...p} type="url" inputMode="url" autoComplete="url" {...register('proofUrl')} />}
      </Field>
      <Field label={t('work.notes')} labelSuffix={t('common.optional')} error={errors.completionNotes?.message}>
        {(p) => <Textarea {...p} rows={3} {...register('completionNotes')} />}
      </Field>
    </FormDialog>
  );
}

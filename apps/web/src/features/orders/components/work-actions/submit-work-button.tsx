import type { SubmitWorkInput } from '@app/shared/orders/order.schemas';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useTranslation } from '@/lib/use-translation';
import { useSubmitWork } from '../../api/order-mutations';
import type { Size } from './work-order';

const resolver = lazyZodResolver<SubmitWorkInput>(() =>
  import('@app/shared/orders/order.schemas').then((m) => m.submitWorkInput),
);

export function SubmitWorkButton({
  orderId,
  again,
  size,
  previous,
}: {
  orderId: string;
  again: boolean;
  size: Size;
  /** The proof handed over last time: submitting again after changes starts from it, not from empty boxes. */
  previous: SubmitWorkInput;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const submit = useSubmitWork(orderId);
  const start = again ? previous : { proofUrl: '', completionNotes: '' };
  const form = useForm<SubmitWorkInput>({
    resolver,
    defaultValues: start,
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = form;
  const onSubmit = handleSubmit((values) =>
    submit.mutate(values, {
      onSuccess: () => {
        setOpen(false);
        reset();
      },
      onError: (error) => applyServerFieldErrors(error, setError, ['proofUrl', 'completionNotes']),
    }),
  );
  return (
    <>
      <Button
        size={size}
        onClick={() => {
          reset(start);
          setOpen(true);
        }}
      >
        <Send aria-hidden="true" />
        {again ? t('work.submitAgain') : t('work.submit')}
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
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
    </>
  );
}

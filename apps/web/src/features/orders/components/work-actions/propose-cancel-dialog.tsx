import { parseGelToMinor } from '@app/shared/format/format';
import { CANCEL_MESSAGES } from '@app/shared/orders/order.constants';
import { type Resolver, type ResolverResult, useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useGel } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useProposeCancel } from '../../api/cancel-agreement';
import { useSplitWords } from './cancel-agreement';

const fieldErrorsOf = (e: ApiError) =>
  (e.details as { fieldErrors?: Record<string, string[] | undefined> } | undefined)?.fieldErrors ?? {};

type FormValues = { amountGel: string };
/** The shared rule for the amount, typed in GEL: at least 0 and below the order's amount (the server checks again). */
const amountRule =
  (amountMinor: number): Resolver<FormValues> =>
  async (values): Promise<ResolverResult<FormValues>> => {
    const minor = parseGelToMinor(values.amountGel);
    if (minor !== null && minor < amountMinor) return { values, errors: {} };
    return { values: {}, errors: { amountGel: { type: 'custom', message: CANCEL_MESSAGES.amountRange } } };
  };

/** cancel-agreement.tsx's proposal dialog, with the form's code: loaded when first opened (lazyUntilOpen). */
export function ProposeCancelDialog({
  orderId,
  amountMinor,
  open,
  onOpenChange,
}: {
  orderId: string;
  amountMinor: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const gel = useGel();
  const propose = useProposeCancel(orderId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: amountRule(amountMinor),
    defaultValues: { amountGel: '0' },
  });
  const amountGel = useWatch({ control, name: 'amountGel' });
  const minor = parseGelToMinor(amountGel ?? '');
  const split = useSplitWords();
  const onSubmit = handleSubmit((v) =>
    propose.mutate(
      { influencerAmountMinor: parseGelToMinor(v.amountGel)! },
      {
        onSuccess: () => {
          onOpenChange(false);
          reset();
        },
        onError: (error) => {
          // The server names the amount in tetri; the form shows it under the GEL field.
          const fields = error instanceof ApiError ? fieldErrorsOf(error) : {};
          const amount = fields.influencerAmountMinor?.[0];
          if (amount) setError('amountGel', { type: 'server', message: amount });
        },
      },
    ),
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={propose.isPending}
      title={t('cancelAgreement.proposeTitle')}
      description={t('cancelAgreement.proposeDescription')}
      submitLabel={t('cancelAgreement.proposeButton')}
      onSubmit={onSubmit}
    >
      <Field
        label={t('cancelAgreement.amount')}
        error={errors.amountGel?.message}
        required
        hint={
          minor !== null && minor < amountMinor
            ? split(minor, amountMinor - minor)
            : t('cancelAgreement.amountHint', { amount: gel(amountMinor) })
        }
      >
        {(p) => <Input {...p} inputMode="decimal" autoComplete="off" {...register('amountGel')} />}
      </Field>
    </FormDialog>
  );
}

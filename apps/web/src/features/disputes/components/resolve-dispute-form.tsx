import { DISPUTE_MESSAGES, resolveDisputeInput } from '@app/shared/disputes/dispute.schemas';
import { parseGelToMinor } from '@app/shared/format/format';
import { zodResolver } from '@hookform/resolvers/zod';
import { Gavel } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useGel } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { type Decision, useResolveDispute } from '../api/use-disputes';

const OUTCOMES = ['release', 'refund', 'split'] as const;
const fieldErrorsOf = (e: ApiError) =>
  (e.details as { fieldErrors?: Record<string, string[] | undefined> } | undefined)?.fieldErrors ?? {};

/** The shared decision rule, plus the split's amount typed in GEL (the server checks the same range again). */
const formSchema = (amountMinor: number) =>
  resolveDisputeInput.extend({ how: z.enum(OUTCOMES), amountGel: z.string() }).superRefine((v, ctx) => {
    if (v.how !== 'split') return;
    const minor = parseGelToMinor(v.amountGel);
    if (minor === null || minor <= 0 || minor >= amountMinor) {
      ctx.addIssue({ code: 'custom', path: ['amountGel'], message: DISPUTE_MESSAGES.amountRange });
    }
  });
type FormValues = z.input<ReturnType<typeof formSchema>>;

/** An admin's decision: release in full, refund in full, or split with the influencer's part in GEL; confirmed. */
export function ResolveDisputeForm({ orderId, amountMinor }: { orderId: string; amountMinor: number }) {
  const { t } = useTranslation();
  const gel = useGel();
  const resolve = useResolveDispute(orderId);
  const [pending, setPending] = useState<Decision | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema(amountMinor)) as never,
    defaultValues: { how: 'release', amountGel: '', decision: '' },
  });
  const how = useWatch({ control, name: 'how' });
  const amountGel = useWatch({ control, name: 'amountGel' });
  const splitMinor = parseGelToMinor(amountGel ?? '');
  const onSubmit = handleSubmit((v) =>
    setPending(
      v.how === 'split'
        ? { how: 'split', decision: v.decision, influencerAmountMinor: parseGelToMinor(v.amountGel)! }
        : { how: v.how, decision: v.decision },
    ),
  );
  const summary = (d: Decision) =>
    d.how === 'split'
      ? t('disputes.admin.splitPreview', {
          influencer: gel(d.influencerAmountMinor),
          client: gel(amountMinor - d.influencerAmountMinor),
        })
      : t('disputes.admin.splitPreview', {
          influencer: gel(d.how === 'release' ? amountMinor : 0),
          client: gel(d.how === 'refund' ? amountMinor : 0),
        });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('disputes.admin.resolveTitle')}>
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t('disputes.admin.outcome')}</legend>
        {OUTCOMES.map((o) => (
          <label
            key={o}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input type="radio" value={o} className="size-4 accent-primary" {...register('how')} />
            {t(`disputes.admin.outcomes.${o}`)}
          </label>
        ))}
      </fieldset>
      {how === 'split' && (
        <Field
          label={t('disputes.admin.influencerPart')}
          error={errors.amountGel?.message}
          required
          hint={
            splitMinor !== null && splitMinor > 0 && splitMinor < amountMinor
              ? t('disputes.admin.splitPreview', {
                  influencer: gel(splitMinor),
                  client: gel(amountMinor - splitMinor),
                })
              : t('disputes.admin.influencerPartHint', { amount: gel(amountMinor) })
          }
        >
          {(p) => <Input {...p} inputMode="decimal" autoComplete="off" {...register('amountGel')} />}
        </Field>
      )}
      <Field
        label={t('disputes.admin.decision')}
        hint={t('disputes.admin.decisionHint')}
        error={errors.decision?.message}
        required
      >
        {(p) => <Textarea {...p} rows={4} {...register('decision')} />}
      </Field>
      <div>
        <Button type="submit" loading={resolve.isPending}>
          <Gavel aria-hidden="true" />
          {t('disputes.admin.submit')}
        </Button>
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(next) => !resolve.isPending && !next && setPending(null)}
        title={t('disputes.admin.confirmTitle')}
        description={pending ? t('disputes.admin.confirm', { summary: summary(pending) }) : ''}
        confirmLabel={t('disputes.admin.submit')}
        loading={resolve.isPending}
        onConfirm={() =>
          pending &&
          resolve.mutate(pending, {
            onSettled: () => setPending(null),
            onError: (error) => {
              // The server names the split's amount in tetri; the form shows it under the GEL field.
              const fields = error instanceof ApiError ? fieldErrorsOf(error) : {};
              const amount = fields.influencerAmountMinor?.[0];
              if (amount) setError('amountGel', { type: 'server', message: amount });
              const decision = fields.decision?.[0];
              if (decision) setError('decision', { type: 'server', message: decision });
            },
          })
        }
      />
    </form>
  );
}

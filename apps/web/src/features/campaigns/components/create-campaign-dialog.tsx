import { createCampaignInput, latestDeadline } from '@app/shared/campaigns/campaign.schemas';
import { businessToday } from '@app/shared/common/dates';
import { CAMPAIGN_NETWORKS, LIMITS } from '@app/shared/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { PlatformIcon } from '@/components/platform-icon';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import type { CampaignNetwork } from '../api/campaign-keys';
import { useCreateCampaign } from '../api/campaign-mutations';

/**
 * The budget box as a number of GEL for the shared schema to judge: "1 500" and "1,500" read as 1500, an empty box
 * as no budget, anything else that is not a number as NaN. The spec's "0 if unparsable" made 0 GEL campaigns that
 * can never be paid; the schema now refuses all three with a message (decision 025).
 */
export function parseBudget(text: string): number | undefined {
  const compact = text.replace(/[\s,]/g, '');
  if (compact === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}

// The boxes hold text; the shared schema (the server's own) judges what they become.
const formSchema = createCampaignInput.extend({
  budget: z.string().transform(parseBudget).pipe(createCampaignInput.shape.budget),
  deadline: z
    .string()
    .transform((v): string | null | undefined => v || null)
    .pipe(createCampaignInput.shape.deadline),
});
type FormValues = {
  socials: CampaignNetwork[];
  title: string;
  description: string;
  budget: string;
  deadline: string;
  uploadLink: string;
};
type FormOutput = z.output<typeof formSchema>;
// The network list starts empty (nothing chosen yet); the schema still insists on exactly one.
const resolver = zodResolver(formSchema) as unknown as Resolver<FormValues, unknown, FormOutput>;

const EMPTY: FormValues = { socials: [], title: '', description: '', budget: '', deadline: '', uploadLink: '' };
const DETAIL_FIELDS = ['title', 'description', 'budget', 'deadline', 'uploadLink'] as const;

type CreateCampaignDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog (focus returns to it on close)... */
  trigger?: ReactNode;
  /**
   * ...or, when the page draws its button itself (it loads this dialog only when first opened, issue 28 §2), that
   * button: focus returns to it on close.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** After the campaign exists (the toast and the list refresh are already done). */
  onCreated: (campaignId: string) => void;
};

/** Spec §2 create-campaign modal: step 1 a network, step 2 the details. */
export function CreateCampaignDialog({
  open,
  onOpenChange,
  trigger,
  returnFocusTo,
  onCreated,
}: CreateCampaignDialogProps) {
  const { t } = useTranslation();
  const create = useCreateCampaign();
  const [step, setStep] = useState<1 | 2>(1);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    trigger: validate,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, FormOutput>({ resolver, defaultValues: EMPTY });
  const [socials, title] = useWatch({ control, name: ['socials', 'title'] });
  const chosen = socials[0];

  // Each step starts where the person continues: the first detail, or (after Back) the chosen network. On opening,
  // the dialog itself focuses the first network.
  const networks = useRef<HTMLFieldSetElement>(null);
  const networkErrorId = useId();
  const cameBack = useRef(false);
  useEffect(() => {
    if (!open) return;
    if (step === 2) setFocus('title');
    else if (cameBack.current) networks.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    cameBack.current = false;
  }, [open, step, setFocus]);

  const close = () => {
    onOpenChange(false);
    reset(EMPTY);
    setStep(1);
  };

  const onSubmit =
    step === 1
      ? async (e: React.FormEvent) => {
          e.preventDefault();
          if (await validate('socials')) setStep(2);
          // The message is tied to the choices; focus goes to them so a screen reader hears why nothing moved on.
          else networks.current?.querySelector<HTMLInputElement>('input')?.focus();
        }
      : handleSubmit((values) =>
          create.mutate(values, {
            onSuccess: (campaign) => {
              close();
              onCreated(campaign.id);
            },
            onError: (error) => {
              // The network is chosen on step 1: a refusal of it is shown there.
              if (applyServerFieldErrors(error, setError, ['socials'])) setStep(1);
              else applyServerFieldErrors(error, setError, DETAIL_FIELDS);
            },
          }),
        );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // While the campaign is being created the dialog stays, so its outcome has somewhere to show.
        if (next) onOpenChange(true);
        else if (!create.isPending) close();
      }}
    >
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (trigger || !returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('campaigns.createDialog.title')}</DialogTitle>
          <DialogDescription>
            {t('campaigns.createDialog.step', { step, total: 2 })}:{' '}
            {step === 1 ? t('campaigns.createDialog.step1') : t('campaigns.createDialog.step2')}
          </DialogDescription>
          <div className="mt-2 grid grid-cols-2 gap-1.5" aria-hidden="true">
            <span className="h-1 rounded-full bg-primary" />
            <span className={cn('h-1 rounded-full', step === 2 ? 'bg-primary' : 'bg-muted')} />
          </div>
        </DialogHeader>

        <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label={t('campaigns.createDialog.title')}>
          {step === 1 ? (
            <fieldset ref={networks} className="grid gap-3">
              <legend className="mb-3 text-sm font-medium">{t('campaigns.createDialog.network')}</legend>
              <div className="grid grid-cols-2 gap-3">
                {CAMPAIGN_NETWORKS.map((network) => {
                  const selected = chosen === network;
                  return (
                    <label
                      key={network}
                      className={cn(
                        'relative flex min-h-24 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 p-4 text-center transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                        selected ? 'border-primary bg-primary-soft' : 'border-border bg-card hover:border-input',
                        errors.socials && !selected && 'border-destructive/40',
                      )}
                    >
                      <input
                        type="radio"
                        name="network"
                        value={network}
                        checked={selected}
                        onChange={() => setValue('socials', [network], { shouldValidate: true })}
                        aria-invalid={errors.socials ? true : undefined}
                        aria-describedby={errors.socials ? networkErrorId : undefined}
                        className="absolute inset-0 z-10 cursor-pointer opacity-0"
                      />
                      <PlatformIcon
                        platform={network}
                        className={cn('size-7', selected ? 'text-primary' : 'text-muted-foreground')}
                      />
                      <span className="text-sm font-semibold">{t(`platforms.${network}`)}</span>
                      {/* Not by colour alone: the chosen card also carries a check mark. */}
                      {selected && (
                        <CircleCheck
                          className="absolute top-2 right-2 size-5 fill-primary text-primary-foreground"
                          aria-hidden="true"
                        />
                      )}
                    </label>
                  );
                })}
              </div>
              {errors.socials && (
                <FieldError id={networkErrorId}>{errors.socials.message ?? errors.socials[0]?.message}</FieldError>
              )}
            </fieldset>
          ) : (
            <>
              {chosen && (
                <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
                  <PlatformIcon platform={chosen} className="size-4 text-primary" />
                  {t('campaigns.createDialog.chosenNetwork', { network: t(`platforms.${chosen}`) })}
                </p>
              )}
              <Field
                label={t('campaigns.fields.title')}
                error={errors.title?.message}
                hint={t('campaigns.createDialog.titleCount', { count: title.length, max: LIMITS.campaignTitleMax })}
                required
              >
                {(p) => <Input {...p} maxLength={LIMITS.campaignTitleMax} autoComplete="off" {...register('title')} />}
              </Field>
              <Field label={t('campaigns.fields.description')} error={errors.description?.message} required>
                {(p) => <Textarea {...p} rows={4} {...register('description')} />}
              </Field>
              <div className="grid gap-5 sm:grid-cols-2">
                {/* content-start: the two boxes stay level although only the budget has a hint under it. */}
                <Field
                  className="content-start"
                  label={t('campaigns.fields.budgetGel')}
                  error={errors.budget?.message}
                  hint={t('campaigns.createDialog.budgetHint')}
                  required
                >
                  {(p) => <Input {...p} inputMode="numeric" autoComplete="off" {...register('budget')} />}
                </Field>
                <Field
                  className="content-start"
                  label={t('campaigns.fields.deadline')}
                  labelSuffix={t('common.optional')}
                  error={errors.deadline?.message}
                >
                  {(p) => (
                    <Input {...p} type="date" min={businessToday()} max={latestDeadline()} {...register('deadline')} />
                  )}
                </Field>
              </div>
              <Field
                label={t('campaigns.fields.uploadLink')}
                labelSuffix={t('common.optional')}
                error={errors.uploadLink?.message}
                hint={t('campaigns.createDialog.uploadLinkHint')}
              >
                {(p) => <Input {...p} type="url" inputMode="url" placeholder="https://" {...register('uploadLink')} />}
              </Field>
            </>
          )}

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
            <Button variant="ghost" onClick={close} disabled={create.isPending} className="sm:mr-auto">
              {t('common.cancel')}
            </Button>
            {step === 1 ? (
              <Button type="submit">{t('common.next')}</Button>
            ) : (
              <div className="grid grid-cols-2 gap-2 sm:flex">
                <Button
                  variant="outline"
                  onClick={() => {
                    cameBack.current = true;
                    setStep(1);
                  }}
                  disabled={create.isPending}
                >
                  {t('common.back')}
                </Button>
                <Button type="submit" loading={create.isPending}>
                  {t('campaigns.createDialog.submit')}
                </Button>
              </div>
            )}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

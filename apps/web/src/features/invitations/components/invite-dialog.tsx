import { formatMinor } from '@app/shared/format/format';
import { DEFAULT_INVITATION_MESSAGE, INVITATION_MESSAGE_MAX } from '@app/shared/invitations/invitation.constants';
import type { createInvitationInput } from '@app/shared/invitations/invitation.schemas';
import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useInvitableCampaigns } from '../api/use-invitable-campaigns';
import { useSendInvitation } from '../api/use-send-invitation';

type Values = z.input<typeof createInvitationInput>;
type Output = z.output<typeof createInvitationInput>;
const resolver = lazyZodResolver<Values, Output>(() =>
  import('@app/shared/invitations/invitation.schemas').then((m) => m.createInvitationInput),
);
type Campaign = { id: string; title: string; budgetMinor: number; invited: boolean; applied: boolean };

const available = (c: Campaign) => !c.invited && !c.applied;

type InviteDialogProps = {
  influencerId: string;
  /** Full name, for the dialog's description. */
  influencerName: string;
};

/**
 * Invite to Campaign (spec §2, §5): one of the client's open campaigns and an optional message, prefilled with the
 * spec's default. Campaigns this influencer is already invited to or applied to are listed but cannot be chosen.
 */
export function InviteDialog({ influencerId, influencerName }: InviteDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const campaigns = useInvitableCampaigns(influencerId, { enabled: open });
  const send = useSendInvitation();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: { campaignId: '', influencerId, message: DEFAULT_INVITATION_MESSAGE },
  });
  const campaignId = watch('campaignId');
  const items = campaigns.data ?? [];
  const chosen = items.find((c) => c.id === campaignId);
  const canSend = Boolean(chosen && available(chosen)) && !send.isPending;

  // A campaign that became unavailable while chosen (invited from another tab, closed) is un-chosen.
  useEffect(() => {
    if (campaigns.data && campaignId && !campaigns.data.some((c) => c.id === campaignId && available(c))) {
      setValue('campaignId', '');
    }
  }, [campaigns.data, campaignId, setValue]);

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        setOpen(false);
        reset();
      },
      onError: (error) => applyServerFieldErrors(error, setError, ['campaignId', 'message']),
    }),
  );

  const optionLabel = (c: Campaign) => {
    const budget =
      c.budgetMinor > 0 ? ` · ${t('influencers.invite.budget', { amount: formatMinor(c.budgetMinor) })}` : '';
    const state = c.applied
      ? ` ${t('influencers.invite.applied')}`
      : c.invited
        ? ` ${t('influencers.invite.invited')}`
        : '';
    return `${c.title}${budget}${state}`;
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {t('influencers.invite.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('influencers.invite.title')}</DialogTitle>
          <DialogDescription>{t('influencers.invite.description', { name: influencerName })}</DialogDescription>
        </DialogHeader>
        {/* min-w-0 down the grid: a chosen campaign's long title is cut in its box instead of widening the dialog
            (and its message box and buttons) past a phone's edge (issue 27). */}
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid min-w-0 gap-5 [&>*]:min-w-0"
          aria-label={t('influencers.invite.title')}
        >
          {campaigns.isError && !campaigns.data ? (
            <ErrorState
              title={t('influencers.invite.campaignsFailed')}
              description={campaigns.error.message}
              onRetry={() => void campaigns.refetch()}
              retrying={campaigns.isFetching}
              className="py-6"
            />
          ) : campaigns.data && items.length === 0 ? (
            <div className="grid gap-2 rounded-lg border border-dashed border-input p-4 text-sm">
              <p className="font-semibold">{t('influencers.invite.noCampaigns')}</p>
              <p className="text-muted-foreground">{t('influencers.invite.noCampaignsHint')}</p>
              <Link
                to={paths.campaigns.href({ create: true })}
                className="inline-flex min-h-11 items-center font-semibold text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring md:min-h-0"
              >
                {t('influencers.invite.createCampaign')}
              </Link>
            </div>
          ) : (
            <Field
              label={t('influencers.invite.campaign')}
              error={errors.campaignId?.message}
              hint={
                campaigns.data && !items.some(available)
                  ? t('influencers.invite.allTaken', { name: influencerName })
                  : undefined
              }
              required
            >
              {(p) => (
                <Controller
                  control={control}
                  name="campaignId"
                  render={({ field }) => (
                    <Select
                      value={field.value ?? ''}
                      onValueChange={field.onChange}
                      disabled={!campaigns.data || send.isPending}
                      name={field.name}
                    >
                      <SelectTrigger {...p} ref={field.ref} onBlur={field.onBlur} className="min-w-0">
                        <SelectValue
                          placeholder={
                            campaigns.data ? t('influencers.invite.choose') : t('influencers.invite.loadingCampaigns')
                          }
                        />
                      </SelectTrigger>
                      {/* As wide as the box, long titles wrap: the list never runs off a phone's screen. */}
                      <SelectContent className="max-w-[var(--radix-select-trigger-width)]">
                        {items.map((c) => (
                          <SelectItem
                            key={c.id}
                            value={c.id}
                            disabled={!available(c)}
                            className="min-h-11 leading-snug md:min-h-0"
                          >
                            {optionLabel(c)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </Field>
          )}
          <Field
            label={t('influencers.invite.message')}
            labelSuffix={t('common.optional')}
            error={errors.message?.message}
          >
            {(p) => (
              <Textarea
                {...p}
                rows={3}
                maxLength={INVITATION_MESSAGE_MAX}
                disabled={send.isPending}
                {...register('message')}
              />
            )}
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={!canSend} loading={send.isPending}>
              {send.isPending ? t('influencers.invite.sending') : t('influencers.invite.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

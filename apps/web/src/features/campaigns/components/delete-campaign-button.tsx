import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useTranslation } from '@/lib/use-translation';
import { useDeleteCampaign } from '../api/campaign-mutations';

/** Spec §2: offered to the owner only while no order is paid; asks before deleting. */
export function DeleteCampaignButton({ campaignId, onDeleted }: { campaignId: string; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteCampaign();
  return (
    <>
      <Button
        variant="outline"
        className="w-full border-destructive/40 text-destructive-hover hover:bg-destructive-soft"
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
        {t('campaigns.delete.button')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !remove.isPending && setOpen(next)}
        title={t('campaigns.delete.title')}
        description={t('campaigns.delete.confirm')}
        confirmLabel={t('campaigns.delete.confirmButton')}
        destructive
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(campaignId, {
            onSuccess: () => {
              setOpen(false);
              onDeleted();
            },
            onError: () => setOpen(false),
          })
        }
      />
    </>
  );
}

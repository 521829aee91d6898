import { ADMIN_REASON_MAX, adminReason } from '@app/shared/admin/admin.schemas';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { failureReason } from '@/lib/failure';
import { useTranslation } from '@/lib/use-translation';

type ReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  destructive?: boolean;
  loading: boolean;
  /** The server's refusal of the last try, shown in the dialog (it stays open). */
  error: unknown;
  /** More fields before the reason (a platform, an amount). */
  children?: ReactNode;
  onConfirm: (reason: string) => void;
};

/**
 * Every admin action asks for its reason (issue 23 §3): the history keeps it beside the admin's name. The rule is
 * the shared one the server checks again.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = adminReason.safeParse(reason);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? t('admin.reason.required'));
      return;
    }
    setInvalid(null);
    props.onConfirm(parsed.data);
  };
  const refusal = props.error ? failureReason(props.error, t('admin.actionFailed')) : null;
  return (
    <Dialog
      open={props.open}
      onOpenChange={(next) => {
        if (props.loading) return;
        if (!next) {
          setReason('');
          setInvalid(null);
        }
        props.onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogDescription>{props.description}</DialogDescription>
          </DialogHeader>
          {props.children}
          <Field label={t('admin.reason.label')} hint={t('admin.reason.hint')} error={invalid ?? undefined} required>
            {(control) => (
              <Textarea
                {...control}
                value={reason}
                maxLength={ADMIN_REASON_MAX}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
          {refusal && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {refusal}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)} disabled={props.loading}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant={props.destructive ? 'destructive' : 'default'} loading={props.loading}>
              {props.confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

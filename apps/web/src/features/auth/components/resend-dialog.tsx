import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/use-translation';
import { ResendVerificationForm } from './resend-verification-form';

/** "Send the verification email again", from the sign-in form: its own chunk, loaded when first opened. */
export function ResendDialog({
  open,
  onOpenChange,
  defaultEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('auth.resend.title')}</DialogTitle>
          <DialogDescription>{t('auth.resend.description')}</DialogDescription>
        </DialogHeader>
        <ResendVerificationForm defaultEmail={defaultEmail} onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

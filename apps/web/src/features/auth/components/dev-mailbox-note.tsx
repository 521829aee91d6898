import { Mail } from 'lucide-react';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/use-translation';

/** Only when the server runs with its local mailbox: where the verification e-mails land. */
export function DevMailboxNote() {
  const { t } = useTranslation();
  return (
    <p className="flex items-center justify-center gap-2 text-xs text-muted-foreground">
      <Mail className="size-3.5" aria-hidden="true" />
      {/* A plain link: /dev/mailbox is served by the server, not by this app's router. */}
      <a href={paths.devMailbox.href()} className="underline underline-offset-2 hover:text-foreground">
        {t('auth.devMailbox')}
      </a>
    </p>
  );
}

import { Card, CardContent } from '@/components/ui/card';
import { LanguageSwitch } from '@/features/language/language-switch';
import { useTranslation } from '@/lib/use-translation';

/** Settings → Languages (issue 26): English or Georgian, for the screens and the mails. */
export function LanguagesSection() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">{t('language.hint')}</p>
        <LanguageSwitch />
      </CardContent>
    </Card>
  );
}

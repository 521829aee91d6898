import { accountRoutes } from '@app/shared/auth/auth.routes';
import type { Me } from '@app/shared/auth/auth.schemas';
import { LANGUAGES, type Language } from '@app/shared/i18n/language';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { call } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { applyLanguage } from '@/lib/i18n';
import { meKeys } from '@/lib/session-cache';
import { useTranslation } from '@/lib/use-translation';

/** Each language named in itself, as language pickers do: a reader finds theirs whatever the screen shows now. */
const NAMES: Record<Language, string> = { en: 'English', ka: 'ქართული' };

/**
 * The language switch (issue 26) on the sign-in screen and in Settings → Languages: the screen changes at once, and
 * the server keeps the choice (a cookie for this browser; on the account when signed in, so mails follow it).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  const save = useMutation({
    mutationFn: (language: Language) => call(accountRoutes.setLanguage, { body: { language } }),
    onSuccess: ({ language }) =>
      queryClient.setQueryData<Me | null>(meKeys.me, (me) => (me ? { ...me, language } : me)),
    onError: () => toast({ title: t('common.error'), description: t('language.failed'), variant: 'destructive' }),
  });
  const choose = (language: Language) => {
    if (language === current) return;
    void applyLanguage(language, i18n).then(() => save.mutate(language));
  };
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="sr-only">{t('language.label')}</legend>
      <div className="inline-flex rounded-lg border border-border bg-card p-1 shadow-card">
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={language === current}
            onClick={() => choose(language)}
            className={cn(
              'min-h-11 rounded-md px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:min-h-9',
              language === current ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-muted',
            )}
          >
            {NAMES[language]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

import type { SignupRole } from '@app/shared/constants';
import { ArrowLeft, ArrowRight, Lightbulb } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { LogoMark } from '@/components/ui/logo';
import { paths, type WizardStep } from '@/config/paths';
import { WizardIban } from '@/features/payouts/components/payouts-section';
import { SocialAccounts } from '@/features/social/components/social-accounts';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { WIZARD_STEPS } from './wizard-steps';

type OnboardingWizardProps = {
  /** Which role's wizard this is. */
  audience: SignupRole;
  step: WizardStep;
  /** Where the person goes once onboarded (their role's landing page). */
  landingHref: string;
};

export function OnboardingWizard({ audience: role, step, landingHref }: OnboardingWizardProps) {
  const { t } = useTranslation();
  const current = WIZARD_STEPS[role][step - 1]!;
  const prefix = `onboarding.${role}.${current.key}`;
  const Icon = current.icon;
  // Each step is its own path: the tab title follows, and focus moves to the new step's heading.
  usePageTitle(t(`${prefix}.title`));

  // The session update, the toasts and the way out are the hook's.
  const complete = useCompleteOnboarding({ role, landingHref });

  return (
    <main className="flex min-h-dvh flex-col bg-gradient-to-b from-primary-soft to-background">
      <header className="mx-auto flex w-full max-w-xl items-center justify-between px-4 pt-[max(1.25rem,env(safe-area-inset-top))] pb-2">
        <div className="flex items-center gap-2">
          <LogoMark className="size-8" />
          <span className="font-bold tracking-tight">{t('app.name')}</span>
        </div>
        <StepIndicator step={step} />
      </header>

      <div className="mx-auto flex w-full max-w-xl flex-1 flex-col px-4 py-6">
        <Card className="flex flex-1 flex-col sm:flex-none">
          <CardContent className="flex flex-1 flex-col gap-6 sm:p-8">
            <div className="flex flex-col items-center text-center">
              <span className="mb-5 flex size-16 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-raised">
                <Icon className="size-8" aria-hidden="true" />
              </span>
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(`${prefix}.title`)}</h1>
              <p className="mt-2 max-w-md text-muted-foreground">{t(`${prefix}.description`)}</p>
            </div>

            {/* wizard-1 (spec §2): the verification itself, the same component as Settings → Social Media. */}
            {role === 'influencer' && current.key === 'verify' ? (
              <SocialAccounts returnTo="wizard" />
            ) : (
              current.items.length > 0 && (
                <ul className="grid gap-3">
                  {current.items.map(({ key, icon: ItemIcon }) => (
                    <li key={key} className="flex gap-4 rounded-lg border border-border p-4">
                      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                        <ItemIcon className="size-5" aria-hidden="true" />
                      </span>
                      <div>
                        <p className="font-semibold">{t(`${prefix}.items.${key}.title`)}</p>
                        <p className="text-sm text-muted-foreground">{t(`${prefix}.items.${key}.description`)}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              )
            )}

            {role === 'influencer' && current.key === 'payment' && <WizardIban />}

            {current.tip && (
              <p className="flex gap-3 rounded-lg bg-warning-soft p-4 text-sm text-foreground">
                <Lightbulb className="size-5 shrink-0 text-warning" aria-hidden="true" />
                {t(`${prefix}.tip`)}
              </p>
            )}

            {/* The last step's label is long: on a phone its button takes the full width, Back below it. */}
            <div className={cn('mt-auto flex gap-3 pt-2', step === 3 && 'flex-col-reverse sm:flex-row')}>
              {step > 1 && (
                <Button asChild variant="outline" size="lg" className={step === 3 ? 'sm:flex-1' : 'flex-1'}>
                  <Link to={paths.wizard.href(role, (step - 1) as WizardStep)}>
                    <ArrowLeft aria-hidden="true" />
                    {t('common.back')}
                  </Link>
                </Button>
              )}
              {step < 3 ? (
                <Button asChild size="lg" className="flex-1">
                  <Link to={paths.wizard.href(role, (step + 1) as WizardStep)}>
                    {step === 1 ? t('common.next') : t('common.continue')}
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              ) : (
                <Button size="lg" className="sm:flex-1" onClick={() => complete.mutate()} loading={complete.isPending}>
                  {complete.isPending ? t('onboarding.completing') : t(`${prefix}.finish`)}
                </Button>
              )}
            </div>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}

function StepIndicator({ step }: { step: WizardStep }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3">
      <span className="text-sm font-medium text-muted-foreground">{t('onboarding.step', { step, total: 3 })}</span>
      <div className="flex gap-1.5" aria-hidden="true">
        {[1, 2, 3].map((n) => (
          <span key={n} className={cn('h-1.5 w-6 rounded-full', n <= step ? 'bg-primary' : 'bg-input')} />
        ))}
      </div>
    </div>
  );
}

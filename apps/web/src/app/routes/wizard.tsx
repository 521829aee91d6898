import type { SignupRole } from '@app/shared/constants';
import { paths, type WizardStep } from '@/config/paths';
import { OnboardingWizard } from '@/features/onboarding/components/onboarding-wizard';
import { landingFor, useSessionUser } from '../guards';
import { Redirect } from '../redirect';

/** A wizard is for its own role: anyone else is sent to theirs (admins and unknown roles to /home). */
export function WizardRoute({ audience, step }: { audience: SignupRole; step: WizardStep }) {
  const user = useSessionUser();
  if (user.role !== audience) {
    const elsewhere =
      user.role === 'client' || user.role === 'influencer' ? paths.wizard.href(user.role, 1) : paths.home.href();
    return <Redirect to={elsewhere} />;
  }
  return <OnboardingWizard audience={audience} step={step} landingHref={landingFor(audience)} />;
}

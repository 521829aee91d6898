import type { Me } from '@app/shared/auth/auth.schemas';
import type { SignupRole } from '@app/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { meKeys } from '@/features/auth/api/session-cache';
import { OnboardingWizard } from '@/features/onboarding/components/onboarding-wizard';
import { useSessionUser } from '../guards';

type Step = 1 | 2 | 3;

/** A wizard is for its own role: anyone else is sent to theirs (admins and unknown roles to /home). */
function Wizard({ audience, step }: { audience: SignupRole; step: Step }) {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  if (user.role !== audience) {
    if (user.role === 'client') return <Navigate to={paths.clientWizard.href(1)} replace />;
    if (user.role === 'influencer') return <Navigate to={paths.influencerWizard.href(1)} replace />;
    return <Navigate to={paths.home.href()} replace />;
  }
  return (
    <OnboardingWizard
      audience={audience}
      step={step}
      onCompleted={(updated: Me) => queryClient.setQueryData(meKeys.me, updated)}
    />
  );
}

export function ClientWizardRoute({ step }: { step: Step }) {
  return <Wizard audience="client" step={step} />;
}

export function InfluencerWizardRoute({ step }: { step: Step }) {
  return <Wizard audience="influencer" step={step} />;
}

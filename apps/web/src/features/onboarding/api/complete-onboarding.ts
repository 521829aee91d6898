import { type Me, meResponse } from '@app/shared/auth/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Ends wizard 3: the server sets is_onboarded and answers with the updated person. */
export function useCompleteOnboarding({ onCompleted }: { onCompleted: (user: Me) => void }) {
  return useMutation({
    mutationFn: () => api('/api/me/onboarding/complete', { method: 'POST', schema: meResponse }),
    onSuccess: ({ user }) => onCompleted(user),
  });
}

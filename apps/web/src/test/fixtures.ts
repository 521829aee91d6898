import type { Me } from '@app/shared/auth/auth.schemas';

/** A signed-in person for component tests; override what the test is about. */
export function aPerson(patch: Partial<Me> = {}): Me {
  return {
    id: 'u1',
    email: 'nino@example.com',
    emailVerified: true,
    role: 'client',
    profileId: 'p1',
    name: 'Nino',
    lastname: 'Beridze',
    mobile: null,
    companyId: null,
    avatarUrl: null,
    isOnboarded: true,
    isActive: true,
    createdAt: '2025-07-23T00:00:00.000Z',
    language: null,
    ...patch,
  };
}

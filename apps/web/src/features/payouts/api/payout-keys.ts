// The payouts' query keys, apart from their hooks: the live updates of every signed-in page invalidate them, and
// should not load the IBAN checks with them (issue 28 §2).
export const payoutKeys = {
  all: ['payouts'] as const,
  iban: () => [...payoutKeys.all, 'iban'] as const,
  earnings: () => [...payoutKeys.all, 'earnings'] as const,
  batches: () => [...payoutKeys.all, 'batches'] as const,
  batch: (id: string) => [...payoutKeys.all, 'batch', id] as const,
};

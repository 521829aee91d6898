export const paymentKeys = {
  all: ['payments'] as const,
  cards: () => [...paymentKeys.all, 'cards'] as const,
  payment: (id: string) => [...paymentKeys.all, 'payment', id] as const,
};

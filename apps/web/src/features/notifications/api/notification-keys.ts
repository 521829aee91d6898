/** The notifications feature's query keys (CONVENTIONS §10), apart from the hooks so the app's entry can seed the bell. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  count: () => [...notificationKeys.all, 'count'] as const,
  preferences: () => ['notification-preferences'] as const,
};

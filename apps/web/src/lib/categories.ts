import type { Category } from '@app/shared/categories/category.schemas';

/**
 * Only the spec's first 8 categories are offered on the screens (the server refuses the others at sign-up).
 * Here rather than in features/categories because the register form (features/auth) filters with it too.
 */
export const offeredOnly = (items: readonly Category[]) => items.filter((c) => c.offered);

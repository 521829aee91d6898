import { useCallback } from 'react';
import { useTranslation } from '@/lib/use-translation';

/** "Fashion & Style" → "fashion-style": the catalogue's key for a category (the names are the server's, in English). */
export const categorySlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');

/** A category's name in the reader's language (issue 26); a name the catalogue lacks is shown as the server has it. */
export function useCategoryName(): (name: string) => string {
  const { t } = useTranslation();
  return useCallback((name: string) => t(`categories.names.${categorySlug(name)}`, { defaultValue: name }), [t]);
}

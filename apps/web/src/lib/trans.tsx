import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from './use-translation';

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A text of the catalogue with parts of it drawn by elements: `<terms>Terms of Service</terms>` becomes
 * `components.terms` with that text as its children, as react-i18next's `Trans` drew it (same markup). Only what the
 * catalogues use: named tags with plain text inside, no nesting, no values.
 */
export function Trans({ i18nKey, components }: { i18nKey: string; components: Record<string, ReactElement> }) {
  const { t } = useTranslation();
  const text = t(i18nKey);
  const nodes: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', inner] = match;
    const element = components[name];
    if (!element) continue;
    if (match.index > from) nodes.push(text.slice(from, match.index));
    nodes.push(cloneElement(element, { key: nodes.length }, inner));
    from = match.index + whole.length;
  }
  if (from < text.length) nodes.push(text.slice(from));
  return nodes;
}

import { createContext, createElement, type ReactNode, useContext, useSyncExternalStore } from 'react';
import appI18n, { type I18n } from './i18n';
import type { TFunction } from './translator';

// The app's `useTranslation`, with react-i18next's API for what this app asks of it. Components share one `t` per
// instance, language and namespace, and re-render when the language changes (what react-i18next's default binding,
// `bindI18n: 'languageChanged'`, did); react-i18next 17 also gave every component that called its hook a copy of the
// instance on mount, 2.8 % of /influencers' time from first paint to live at 4× CPU (issue 28 §2). The catalogues are
// loaded before anything is drawn (lib/i18n.ts `applyLanguage`), so nothing here suspends or waits for a load.

/** The instance a subtree translates with: a server render's own (entry-server.tsx); else the app's. */
const TranslatorContext = createContext<I18n | null>(null);

export function TranslatorProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: i18n }, children);
}

const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();

/** `t` in the render's language (the server's per-render instance, or the browser's), and the instance itself. */
export function useTranslation(namespace?: string): { t: TFunction; i18n: I18n } {
  const i18n = useContext(TranslatorContext) ?? appI18n;
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  let fixed = fixedTs.get(i18n);
  if (!fixed) {
    fixed = new Map();
    fixedTs.set(i18n, fixed);
  }
  const key = `${language} ${namespace ?? ''}`;
  let t = fixed.get(key);
  if (!t) {
    t = i18n.getFixedT(language, namespace);
    fixed.set(key, t);
  }
  return { t, i18n };
}

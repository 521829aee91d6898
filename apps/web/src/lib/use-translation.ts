import type { i18n as I18n, TFunction } from 'i18next';
import { useContext, useSyncExternalStore } from 'react';
import { I18nContext } from 'react-i18next';
import appI18n from './i18n';

// The app's `useTranslation`: react-i18next's, for what this app asks of it, at a fraction of its cost. react-i18next
// 17 gives every component that calls its hook, on mount, a copy of the i18next instance (all its own property
// descriptors, so that the instance's identity changes with the language): in a CPU profile of /influencers at 4×,
// 2.8 % of the time from first paint to live went to making those copies, plus its per-render bookkeeping (issue 28
// §2). Here the components share one `t` per instance, language and namespace, and re-render when the language
// changes, which is all react-i18next's default binding (`bindI18n: 'languageChanged'`) did. The catalogues are
// loaded before anything is drawn (lib/i18n.ts `applyLanguage`), so nothing here suspends or waits for a load.

type Instance = { subscribe: (onChange: () => void) => () => void; fixed: Map<string, TFunction> };
const instances = new WeakMap<I18n, Instance>();

function instance(i18n: I18n): Instance {
  let found = instances.get(i18n);
  if (!found) {
    found = {
      subscribe: (onChange) => {
        i18n.on('languageChanged', onChange);
        return () => i18n.off('languageChanged', onChange);
      },
      fixed: new Map(),
    };
    instances.set(i18n, found);
  }
  return found;
}

/** `t` in the render's language (the server's per-render instance, or the browser's), and the instance itself. */
export function useTranslation(namespace?: string): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? appI18n;
  const { subscribe, fixed } = instance(i18n);
  const language = useSyncExternalStore(
    subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  const key = `${language} ${namespace ?? ''}`;
  let t = fixed.get(key);
  if (!t) {
    t = i18n.getFixedT(language, namespace) as TFunction;
    fixed.set(key, t);
  }
  return { t, i18n };
}

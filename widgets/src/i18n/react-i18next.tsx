// Stands in for react-i18next in the bundle (vite.config.ts): the shared web components call `useTranslation()`
// and get the element's Translator. The elements' own code imports this module directly.
import { createContext, type ReactNode, useContext } from 'react';
import type { Translator } from './translator.ts';

const TranslatorContext = createContext<Translator | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={i18n}>{children}</TranslatorContext.Provider>;
}

export const useTranslation = (): { t: Translator['t']; i18n: Translator } => {
  const i18n = useContext(TranslatorContext);
  if (!i18n) throw new Error('useTranslation outside a widget');
  return { t: i18n.t, i18n };
};

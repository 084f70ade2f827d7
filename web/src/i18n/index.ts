// The app's i18n start-up: detect the language, load its file from /static/locales/, keep <html lang> in step.
import urls from 'virtual:locales';
import { initReactI18next } from 'react-i18next';
import { LocaleBackend } from './backend.ts';
import { LocaleDetector } from './detector.ts';
import { BASE_OPTIONS, i18n, syncHtmlLang } from './instance.ts';

export const startI18n = async () => {
  await i18n.use(new LocaleBackend(urls)).use(new LocaleDetector()).use(initReactI18next).init(BASE_OPTIONS);
  syncHtmlLang();
  return i18n;
};

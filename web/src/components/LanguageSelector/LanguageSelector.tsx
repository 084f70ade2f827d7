import { ActionIcon, Menu } from '@mantine/core';
import {
  FALLBACK_LOCALE,
  LOCALE_NAMES,
  type Locale,
  matchLocale,
  SUPPORTED_LOCALES,
} from '@pennon/sdk/locales';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openTranslationNotice, translationNotice } from './translationNotice.tsx';

/**
 * Picks the interface language. The choice is stored by the language detector (localStorage
 * `i18nextLng`) and `<html lang>` follows it; machine-made and unfinished translations ask first.
 */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const current = matchLocale(i18n.resolvedLanguage ?? i18n.language ?? '') ?? FALLBACK_LOCALE;
  const label = t('language.select');

  const choose = async (locale: Locale) => {
    if (locale === current) return;
    await i18n.changeLanguage(locale);
    const kind = translationNotice(locale);
    if (kind) {
      openTranslationNotice({
        kind,
        t: i18n.getFixedT(locale),
        changeLanguage: (next) => i18n.changeLanguage(next),
      });
    }
  };

  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={label} title={label}>
          <IconLanguage size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {SUPPORTED_LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => void choose(locale)}
            rightSection={locale === current ? <IconCheck size={16} /> : null}
          >
            {LOCALE_NAMES[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

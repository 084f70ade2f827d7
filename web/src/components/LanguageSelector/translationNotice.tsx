import { Anchor, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { FALLBACK_LOCALE, type Locale, MACHINE_TRANSLATED, WORK_IN_PROGRESS } from '@pennon/sdk/locales';
import type { TFunction } from 'i18next';
import { CONTACT_URL, TRANSLATION_PROGRESS_URL } from '../../constants.ts';

export type TranslationNotice = 'machine' | 'wip';

/** Which warning, if any, choosing a locale calls for. */
export const translationNotice = (locale: Locale): TranslationNotice | undefined => {
  if (MACHINE_TRANSLATED.includes(locale)) return 'machine';
  if (WORK_IN_PROGRESS.includes(locale)) return 'wip';
  return undefined;
};

export interface TranslationNoticeOptions {
  kind: TranslationNotice;
  /** Bound to the newly chosen language, which the dialog is written in. */
  t: TFunction;
  /** Called by "Switch to English". */
  changeLanguage: (locale: Locale) => unknown;
}

/** The confirm dialog warning that a translation is machine-made or incomplete. */
export const openTranslationNotice = ({ kind, t, changeLanguage }: TranslationNoticeOptions) =>
  modals.openConfirmModal({
    title: t(`language.${kind}.title`),
    centered: true,
    children: (
      <Stack gap="sm">
        <Text size="sm">{t(`language.${kind}.content`)}</Text>
        <Group gap="lg">
          <Anchor href={CONTACT_URL} target="_blank" rel="noreferrer" size="sm">
            {t('common.contact')}
          </Anchor>
          <Anchor href={TRANSLATION_PROGRESS_URL} target="_blank" rel="noreferrer" size="sm">
            {t('language.progress')}
          </Anchor>
        </Group>
      </Stack>
    ),
    labels: { confirm: t('common.button.confirm'), cancel: t('language.switch_to_english') },
    onCancel: () => changeLanguage(FALLBACK_LOCALE),
  });

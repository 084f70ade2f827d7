// The configuration form's values and rules, apart from its fields so they can be checked on their own.
import type { ConfigEditModel, ContainerPolicy } from '@pennon/sdk';
import type { TFunction } from 'i18next';
import { isThemeColor } from '../../../theme.ts';

/** The bounds the server puts on the container policy (minutes, and containers per user). */
export const CONTAINER_LIMITS = {
  defaultLifetime: { min: 1, max: 7200 },
  extensionDuration: { min: 1, max: 7200 },
  renewalWindow: { min: 1, max: 360 },
  maxExerciseContainerCountPerUser: { min: 0, max: 100 },
} as const satisfies Partial<Record<keyof ContainerPolicy, { min: number; max: number }>>;

/** Every section filled, optional texts as '' (the form's own shape). */
export interface ConfigValues {
  globalConfig: {
    title: string;
    slogan: string;
    description: string;
    footerInfo: string;
    customTheme: string;
    apiEncryption: boolean;
  };
  accountPolicy: NonNullable<ConfigEditModel['accountPolicy']>;
  containerPolicy: ContainerPolicy;
}

type Filled = Required<{ [K in keyof ConfigEditModel]: NonNullable<ConfigEditModel[K]> }>;

export const toValues = (config: Filled): ConfigValues => ({
  globalConfig: {
    title: config.globalConfig.title,
    slogan: config.globalConfig.slogan,
    description: config.globalConfig.description ?? '',
    footerInfo: config.globalConfig.footerInfo ?? '',
    customTheme: config.globalConfig.customTheme ?? '',
    apiEncryption: config.globalConfig.apiEncryption,
  },
  accountPolicy: config.accountPolicy,
  containerPolicy: config.containerPolicy,
});

/** What to save: empty optional texts become null (no footer, the default theme). */
export const toModel = ({ globalConfig, accountPolicy, containerPolicy }: ConfigValues): ConfigEditModel => ({
  globalConfig: {
    ...globalConfig,
    title: globalConfig.title.trim(),
    slogan: globalConfig.slogan.trim(),
    description: globalConfig.description.trim() || null,
    footerInfo: globalConfig.footerInfo.trim() || null,
    customTheme: globalConfig.customTheme.trim() || null,
  },
  accountPolicy: {
    ...accountPolicy,
    emailDomainList: accountPolicy.emailDomainList
      .split(',')
      .map((domain) => domain.trim())
      .filter(Boolean)
      .join(','),
  },
  containerPolicy,
});

const inRange =
  (t: TFunction, { min, max }: { min: number; max: number }) =>
  (value: number) =>
    Number.isInteger(value) && value >= min && value <= max
      ? null
      : t('admin.settings.validation.range', { min, max });

/** A domain list as the register check reads it: comma-separated host names. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** `mailLinks`: whether mailed links can reach the platform from here (the server refuses mail otherwise). */
export const configRules = (t: TFunction, mailLinks: boolean) => ({
  globalConfig: {
    title: (value: string) => (value.trim() ? null : t('admin.settings.validation.title_required')),
    customTheme: (value: string) =>
      value.trim() && !isThemeColor(value.trim()) ? t('admin.settings.validation.theme_color') : null,
  },
  accountPolicy: {
    emailConfirmationRequired: (value: boolean) =>
      value && !mailLinks ? t('admin.settings.field.email_confirmation_no_links') : null,
    emailDomainList: (value: string) =>
      value
        .split(',')
        .map((domain) => domain.trim())
        .filter(Boolean)
        .every((domain) => DOMAIN.test(domain))
        ? null
        : t('admin.settings.validation.domains'),
  },
  containerPolicy: Object.fromEntries(
    Object.entries(CONTAINER_LIMITS).map(([field, limits]) => [field, inRange(t, limits)]),
  ),
});

// The client's one connection to the platform API (same origin), speaking the current language.
import { PennonClient } from '@pennon/sdk';
import { i18n } from '../i18n/instance.ts';

export const client = new PennonClient({ language: () => i18n.resolvedLanguage ?? i18n.language });

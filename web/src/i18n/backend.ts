import { isLocale } from '@pennon/sdk/locales';
import type { BackendModule, ResourceKey } from 'i18next';

/** Locale → URL of its translation file; in the app this is `virtual:locales`. */
export type LocaleUrls = Readonly<Record<string, string>>;

/**
 * Loads a locale's dictionary (one file, one namespace) from the URL the build gave it. A language
 * without a translation file gets an empty dictionary instead of an error.
 */
export class LocaleBackend implements BackendModule {
  readonly type = 'backend';
  /** `read` returns a promise (i18next ≥ 26.7 asks backends to declare it). */
  readonly callbackApi = false;

  constructor(private readonly urls: LocaleUrls) {}

  init(): void {}

  async read(language: string): Promise<ResourceKey> {
    const url = isLocale(language) ? this.urls[language] : undefined;
    if (!url) return {};
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`Failed to load ${url}: HTTP ${response.status}`);
    return (await response.json()) as ResourceKey;
  }
}

import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'wxt';
import { DEFAULT_MANIFEST_LOCALE, manifestLocaleFiles } from './lib/manifest-locales.ts';

const localesDir = new URL('./locales/', import.meta.url);
const readLocales = (): Record<string, Record<string, string>> =>
  Object.fromEntries(
    readdirSync(localesDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.slice(0, -'.json'.length),
        JSON.parse(readFileSync(new URL(file, localesDir), 'utf8')),
      ]),
  );

// WXT 0.21.0 has no telemetry (nothing to switch off) and `wxt build` downloads nothing.
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  // Firefox gets MV3 too (event page instead of a service worker), so one code path: browser.action etc.
  manifestVersion: 3,
  imports: false,
  hooks: {
    'build:publicAssets': (_wxt, files) => {
      files.push(...manifestLocaleFiles(readLocales()));
    },
  },
  zip: { artifactTemplate: 'pennon-wsrx-companion-{{version}}-{{browser}}.zip' },
  manifest: ({ browser }) => ({
    // Translated: _locales/*/messages.json, generated from locales/*.json (lib/manifest-locales.ts).
    name: '__MSG_name__',
    description: '__MSG_description__',
    default_locale: DEFAULT_MANIFEST_LOCALE,
    // No host permission at install: each watched platform is granted from the options page.
    permissions: ['storage', 'alarms', 'notifications', 'scripting'],
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    action: { default_title: '__MSG_name__' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: { id: 'wsrx-companion@pennon.dev', strict_min_version: '128.0' },
          },
        }
      : {}),
  }),
});

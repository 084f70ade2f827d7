// jsdom lacks what Mantine measures with; i18n is started from the en-US file on disk (no network);
// fetch answers /api/config with a fixed configuration, the profile with 401 (signed out), and 404 otherwise.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanup, configure } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';
import { afterEach, vi } from 'vitest';
import { BASE_OPTIONS, i18n, syncHtmlLang } from '../src/i18n/instance.ts';

// A `findBy…` waits for what it looks for; its ceiling is for a page that never shows it, not for a busy machine,
// where a page's first lazy import alone took over the default second.
configure({ asyncUtilTimeout: 10_000 });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', ResizeObserverStub);
Element.prototype.scrollIntoView ??= () => {};
// Mantine's autosizing Textarea listens for font loading; without this it throws in an effect.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

export const TEST_CONFIG = {
  title: 'Test',
  slogan: 'Flags fly here',
  footerInfo: null,
  customTheme: null,
  logoUrl: null,
  portMapping: 'Default',
  defaultLifetime: 120,
  extensionDuration: 120,
  renewalWindow: 10,
};

vi.stubGlobal(
  'fetch',
  vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.pathname === '/api/config') return Response.json(TEST_CONFIG);
    if (url.pathname === '/api/account/profile') {
      return Response.json({ title: 'Unauthorized', status: 401 }, { status: 401 });
    }
    return Response.json({ title: 'Not Found', status: 404 }, { status: 404 });
  }),
);

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../static/locales');
const locale = (name: string) => JSON.parse(readFileSync(path.join(localesDir, `${name}.json`), 'utf8'));

await i18n.use(initReactI18next).init({
  ...BASE_OPTIONS,
  lng: 'en-US',
  initAsync: false,
  resources: { 'en-US': { translation: locale('en-US') }, 'fr-FR': { translation: locale('fr-FR') } },
});
syncHtmlLang();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

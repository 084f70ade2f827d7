// Error titles speak the request's language (§1.3): the catalogs cover every message the server can send.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogDir, negotiateLocale } from '../src/i18n/catalogs.ts';
import { extractMessageKeys } from '../src/i18n/extract.ts';
import { register } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

const sources = fileURLToPath(new URL('../src/', import.meta.url));
const placeholders = (template: string) => [...template.matchAll(/\{\d+\}/g)].map(([p]) => p).sort();

describe('message catalogs', () => {
  const keys = extractMessageKeys(sources);
  const files = readdirSync(catalogDir).filter((file) => file.endsWith('.json'));

  it('exist for every locale but English', () => {
    expect(files.map((file) => path.basename(file, '.json')).sort()).toEqual(
      ['de-DE', 'es-ES', 'fr-FR', 'id-ID', 'ja-JP', 'ko-KR', 'ru-RU', 'vi-VN', 'zh-CN', 'zh-TW'].sort(),
    );
  });

  it.each(files)('%s translates every message, with the same placeholders', (file) => {
    const catalog = JSON.parse(readFileSync(path.join(catalogDir, file), 'utf8')) as Record<string, string>;
    expect({ missing: [...keys].filter((key) => !(key in catalog)) }).toEqual({ missing: [] });
    expect({ unused: Object.keys(catalog).filter((key) => !keys.has(key)) }).toEqual({ unused: [] });
    for (const [key, translation] of Object.entries(catalog)) {
      expect(translation.trim(), key).not.toBe('');
      expect(placeholders(translation), key).toEqual(placeholders(key));
    }
  });
});

describe('negotiateLocale', () => {
  it.each([
    [undefined, 'en-US'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de-DE'],
    ['fr', 'fr-FR'],
    ['zh-Hant-TW', 'zh-TW'],
    ['xx, ja;q=0.5, ko;q=0.7', 'ko-KR'],
    ['de;q=0, es', 'es-ES'],
    ['<script>', 'en-US'],
    ['tlh', 'en-US'],
  ])('%s → %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});

describe.each(databaseKinds())('localized titles on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await register(t.app, 'alice', 'alice@example.com');
  });
  afterAll(() => t.close());

  const signIn = (language: string | undefined, userName: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: language ? { 'accept-language': language } : {},
      payload: { userName, password: 'Wrong123' },
    });

  it('answers in English without a preference', async () => {
    expect((await signIn(undefined, 'alice')).json()).toEqual({
      title: 'The user name or password is incorrect',
      status: 401,
    });
  });

  it('answers in the language asked for', async () => {
    const res = await signIn('de-DE,de;q=0.9', 'alice');
    expect(res.statusCode).toBe(401);
    expect(res.json().title).toBe('Der Benutzername oder das Passwort ist falsch');
  });

  const registerAs = (language: string, userName: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'accept-language': language },
      payload: { userName, email: `${userName}@example.com`, password },
    });

  it('translates validation failures, keeping the field name', async () => {
    const res = await registerAs('fr-FR', 'al', 'Secret123');
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('userName doit contenir au moins 3 caractères');
  });

  it('translates the parts of a composed message', async () => {
    const res = await registerAs('ja', 'bob', 'weakpw');
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('パスワードには数字、大文字が必要です');
  });
});

import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it.each([
    ['/games', '/games'],
    ['/games/3/Challenges?tab=web#top', '/games/3/Challenges?tab=web#top'],
    ['/account/../games', '/games'],
  ])('keeps the same-origin path %s', (from, expected) => {
    expect(safeRedirect(from)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'games',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
  ])('turns %s into /', (from) => {
    expect(safeRedirect(from)).toBe('/');
  });
});

describe('loginPath', () => {
  it('carries the path to come back to', () => {
    expect(loginPath('/account/Profile')).toBe('/account/Login?from=%2Faccount%2FProfile');
    expect(loginPath('/')).toBe('/account/Login');
  });
});

import { describe, expect, it } from 'vitest';
import { safeUrl } from '../src/safety/links.ts';

const server = 'https://ctf.example.org';

describe('safeUrl', () => {
  it('keeps http(s) links as they are', () => {
    expect(safeUrl('https://docs.example.com/a?b#c', server)).toBe('https://docs.example.com/a?b#c');
    expect(safeUrl('http://example.com/', server)).toBe('http://example.com/');
  });

  it("resolves relative links against the game's server, not the host page", () => {
    expect(safeUrl('/games/1/Challenges', server)).toBe('https://ctf.example.org/games/1/Challenges');
    expect(safeUrl('rules', server)).toBe('https://ctf.example.org/rules');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:org@example.org',
    'tel:+123',
    'ftp://files.example.org/x',
    'http://[bad',
  ])('drops %s', (href) => {
    expect(safeUrl(href, server)).toBeNull();
  });
});

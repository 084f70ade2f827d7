// Team hashes of dynamic flags (§4.8) against hand-checked cases.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashSalt, teamHash } from '../../src/games/dynamic-flag.ts';

describe('teamHash', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');

  it('chains SHA-256 over the salt, the challenge and the participation token', () => {
    const salt = hashSalt('c2VhbGVk');
    expect(salt).toBe(sha('GZCTF@c2VhbGVk@PK'));
    const expected = sha(`${sha(`${salt}::7`)}::3:c2ln`).slice(12, 24);
    expect(teamHash(salt, 7, '3:c2ln')).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{12}$/);
    expect(teamHash(salt, 8, '3:c2ln')).not.toBe(expected);
  });
});

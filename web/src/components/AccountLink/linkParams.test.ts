import { describe, expect, it } from 'vitest';
import { linkParams, rawParam } from './linkParams.ts';

describe('rawParam', () => {
  it('keeps base64 as it is, decoding only percent-escapes', () => {
    expect(rawParam('?token=ab+c/d==&email=x', 'token')).toBe('ab+c/d==');
    expect(rawParam('?token=ab%2Bc%2Fd%3D%3D', 'token')).toBe('ab+c/d==');
  });

  it('is null when missing or empty', () => {
    expect(rawParam('?email=x', 'token')).toBeNull();
    expect(rawParam('?token=', 'token')).toBeNull();
    expect(rawParam('', 'token')).toBeNull();
  });

  it('survives a broken escape', () => {
    expect(rawParam('?token=%E0%A4%A', 'token')).toBe('%E0%A4%A');
  });
});

describe('linkParams', () => {
  it('needs both values', () => {
    expect(linkParams('?token=t&email=e')).toEqual({ token: 't', email: 'e' });
    expect(linkParams('?token=t')).toBeNull();
  });
});

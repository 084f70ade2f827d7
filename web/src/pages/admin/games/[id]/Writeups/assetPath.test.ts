import { describe, expect, it } from 'vitest';
import { assetOf } from './assetPath.ts';

describe('writeup asset URLs', () => {
  it('splits /assets/{hash}/{name} and decodes the name', () => {
    expect(assetOf('/assets/ab12/Writeup%20Terns.pdf')).toEqual({
      hash: 'ab12',
      fileName: 'Writeup Terns.pdf',
    });
    expect(assetOf('https://example.org/file.pdf')).toBeNull();
  });
});

import { FLAG_MAX } from '@pennon/sdk';
import { describe, expect, it } from 'vitest';
import { parseFlags } from './flagList.ts';

describe('parseFlags', () => {
  it('takes one flag per line, trimmed, skipping blank lines', () => {
    expect(parseFlags('  flag{a}\n\nflag{b}\r\nflag{c}  \n').flags).toEqual([
      'flag{a}',
      'flag{b}',
      'flag{c}',
    ]);
  });

  it('adds each flag once and never one the challenge has', () => {
    const parsed = parseFlags('flag{a}\nflag{b}\nflag{a}\nflag{old}', ['flag{old}']);
    expect(parsed.flags).toEqual(['flag{a}', 'flag{b}']);
    expect(parsed.duplicates).toEqual(['flag{a}', 'flag{old}']);
  });

  it('sets aside flags over the length limit', () => {
    const long = `flag{${'x'.repeat(FLAG_MAX)}}`;
    const parsed = parseFlags(`${long}\nflag{ok}`);
    expect(parsed.flags).toEqual(['flag{ok}']);
    expect(parsed.tooLong).toEqual([long]);
  });
});

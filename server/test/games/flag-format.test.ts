// The flag box's placeholder: a shared prefix of the challenge's flags or template, and nothing more.
import { describe, expect, it } from 'vitest';
import { flagFormat } from '../../src/games/flag-format.ts';

describe('flag format', () => {
  it('shows the prefix the static flags share', () => {
    expect(flagFormat('StaticAttachment', null, ['uxctf{first}', 'uxctf{second}'])).toBe('uxctf{...}');
  });

  it('reads a dynamic container from its template, after a leet marker, or the default template', () => {
    expect(flagFormat('DynamicContainer', '[LEET]uxctf{hello world}', [])).toBe('uxctf{...}');
    expect(flagFormat('DynamicContainer', 'uxctf{[TEAM_HASH]}', [])).toBe('uxctf{...}');
    expect(flagFormat('DynamicContainer', null, [])).toBe('flag{...}');
  });

  it('says nothing when the flags disagree, have no braces or there are none', () => {
    expect(flagFormat('StaticAttachment', null, ['uxctf{a}', 'flag{b}'])).toBeNull();
    expect(flagFormat('StaticAttachment', null, ['correct horse battery staple'])).toBeNull();
    expect(flagFormat('StaticAttachment', null, ['uxctf{}'])).toBeNull();
    expect(flagFormat('DynamicAttachment', null, [])).toBeNull();
  });
});

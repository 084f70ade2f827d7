import { describe, expect, it } from 'vitest';
import { plainLine } from './plainLine.ts';

describe('plainLine', () => {
  it.each([
    ['# Gulls\n\nWe fly **low** and _fast_.', 'Gulls We fly low and fast.'],
    ['![logo](https://x.test/a.png) Hello [site](https://x.test)', 'logo Hello site'],
    ['- one\n- two\n1. three\n> quoted', 'one two three quoted'],
    ['```js\nalert(1)\n```\n---\n`pwn` ~~old~~ <b>bold</b>', 'alert(1) pwn old bold'],
    ['| a | b |\n|---|---|\n| 1 | 2 |', 'a b 1 2'],
    ['snake_case_name, 2 * 3 and __init__', 'snake_case_name, 2 * 3 and init'],
  ])('%j → %j', (source, line) => {
    expect(plainLine(source)).toBe(line);
  });
});

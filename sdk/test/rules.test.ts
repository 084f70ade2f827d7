// The rules server and clients share (gzctf-api §4.1 dynamic score, §4.8 flag templates), on hand-checked cases.
import { describe, expect, it } from 'vitest';
import {
  challengeValue,
  isReleased,
  isValidTemplate,
  prerequisiteCycle,
  renderFlag,
} from '../src/contract/index.ts';

const first = () => 0;
const last = (n: number) => n - 1;
const guid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describe('dynamic value (§4.1)', () => {
  const challenge = { originalScore: 1000, minScoreRate: 0.25, difficulty: 5 };
  it.each([
    [0, 1000],
    [1, 1000],
    [2, 864], // ⌊1000·(0.25 + 0.75·e^−0.2)⌋ = ⌊864.05⌋
    [5, 586], // ⌊1000·(0.25 + 0.75·e^−0.8)⌋ = ⌊586.99⌋
    [20, 266], // ⌊1000·(0.25 + 0.75·e^−3.8)⌋ = ⌊266.78⌋
  ])('n = %i ⇒ %i', (n, value) => expect(challengeValue(challenge, n)).toBe(value));

  it('tends to the floor of r·S', () => expect(challengeValue(challenge, 10_000)).toBe(250));
});

describe('renderFlag', () => {
  it('makes flag{<guid>} without a template', () => {
    expect(renderFlag(null, { teamHash: 'x' })).toMatch(new RegExp(`^flag\\{${guid}\\}$`));
    expect(renderFlag('  ', { teamHash: 'x' })).toMatch(new RegExp(`^flag\\{${guid}\\}$`));
  });

  it('leets only inside the outermost braces by default, spaces becoming _', () => {
    expect(renderFlag('flag{hello world}', { teamHash: 'x', pick: first })).toBe('flag{HELLO_WORLD}');
    expect(renderFlag('flag{hello world}', { teamHash: 'x', pick: last })).toBe('flag{h3110_w0r1d}');
    expect(renderFlag('x{a{b}c}!', { teamHash: 'x', pick: first })).toBe('x{A{B}C}!');
    expect(renderFlag('no braces', { teamHash: 'x', pick: first })).toBe('no braces');
  });

  it('uses the complex table for [CLEET] and drops the marker', () => {
    expect(renderFlag('[CLEET]flag{as}', { teamHash: 'x', pick: last })).toBe('flag{@$}');
    expect(renderFlag('[LEET]flag{as}', { teamHash: 'x', pick: last })).toBe('flag{45}');
  });

  it('skips leet with [GUID] or [TEAM_HASH] unless a marker asks, and never leets their values', () => {
    expect(renderFlag('flag{team [TEAM_HASH]}', { teamHash: 'abcdef012345', pick: last })).toBe(
      'flag{team abcdef012345}',
    );
    expect(renderFlag('[LEET]flag{a [TEAM_HASH]}', { teamHash: 'abcdef012345', pick: last })).toBe(
      'flag{4_abcdef012345}',
    );
    expect(renderFlag('flag{[GUID]}', { teamHash: 'x', pick: last })).toMatch(
      new RegExp(`^flag\\{${guid}\\}$`),
    );
  });

  it('takes its GUIDs from the given source', () => {
    expect(renderFlag('flag{[GUID]-[TEAM_HASH]}', { teamHash: 'abc', guid: () => 'g-1' })).toBe(
      'flag{g-1-abc}',
    );
    expect(renderFlag('', { teamHash: 'abc', guid: () => 'g-2' })).toBe('flag{g-2}');
  });

  it('draws leet choices at random by default', () => {
    const flags = new Set(
      Array.from({ length: 20 }, () => renderFlag('flag{aaaaaaaaaaaa}', { teamHash: 'x' })),
    );
    expect(flags.size).toBeGreaterThan(1);
    for (const flag of flags) expect(flag).toMatch(/^flag\{[Aa4]{12}\}$/);
  });
});

describe('isValidTemplate', () => {
  it('accepts any template with [GUID] or [TEAM_HASH]', () => {
    expect(isValidTemplate('flag{[GUID]}')).toBe(true);
    expect(isValidTemplate('[TEAM_HASH]')).toBe(true);
  });

  it('needs 32 bits of leet entropy otherwise', () => {
    // a has 3 basic choices: 16 × log2(3) ≈ 25.4 bits, 21 × log2(3) ≈ 33.3 bits.
    expect(isValidTemplate(`flag{${'a'.repeat(16)}}`)).toBe(false);
    expect(isValidTemplate(`flag{${'a'.repeat(21)}}`)).toBe(true);
    // With [CLEET], a has 4: 16 × 2 = 32 bits exactly.
    expect(isValidTemplate(`[CLEET]flag{${'a'.repeat(16)}}`)).toBe(true);
    // Only letters inside the braces count.
    expect(isValidTemplate(`${'a'.repeat(40)}{}`)).toBe(false);
    expect(isValidTemplate('flag{abc}')).toBe(false);
  });

  it('refuses flags longer than 127 characters', () => {
    expect(isValidTemplate(`flag{${'a'.repeat(121)}}`)).toBe(true);
    expect(isValidTemplate(`flag{${'a'.repeat(122)}}`)).toBe(false);
  });
});

describe('staged release', () => {
  const solved = new Set([1, 2]);
  it('opens at its time and once every prerequisite is solved', () => {
    expect(isReleased(undefined, 0, solved)).toBe(true);
    expect(isReleased({ releaseAt: 100, prerequisites: [] }, 99, solved)).toBe(false);
    expect(isReleased({ releaseAt: 100, prerequisites: [] }, 100, solved)).toBe(true);
    expect(isReleased({ releaseAt: null, prerequisites: [1, 2] }, 0, solved)).toBe(true);
    expect(isReleased({ releaseAt: null, prerequisites: [1, 3] }, 0, solved)).toBe(false);
    expect(isReleased({ releaseAt: 100, prerequisites: [1] }, 50, solved)).toBe(false);
  });

  it('names the cycle an edit would close, along its path', () => {
    // 3 waits for 2, 2 for 1.
    const graph = new Map([
      [3, [2]],
      [2, [1]],
    ]);
    expect(prerequisiteCycle(graph, 1, [3])).toEqual([1, 3, 2, 1]);
    expect(prerequisiteCycle(graph, 1, [1])).toEqual([1, 1]);
    expect(prerequisiteCycle(graph, 4, [3, 1])).toBeUndefined();
    // A diamond is no cycle.
    expect(
      prerequisiteCycle(
        new Map([
          [2, [1]],
          [3, [1]],
        ]),
        4,
        [2, 3],
      ),
    ).toBeUndefined();
  });
});

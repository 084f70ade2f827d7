// Live arrivals above the loaded rows: newest first, each once, marked fresh.
import { describe, expect, it } from 'vitest';
import { addLive, MAX_LIVE_ROWS, mergeLiveRows } from './liveRows.ts';

const key = (item: { id: string }) => item.id;

describe('live rows', () => {
  it('puts arrivals above the loaded rows, marked fresh', () => {
    const rows = mergeLiveRows([{ id: 'd' }, { id: 'c' }], [{ id: 'b' }, { id: 'a' }], key);
    expect(rows.map((row) => [row.key, row.fresh])).toEqual([
      ['d', true],
      ['c', true],
      ['b', false],
      ['a', false],
    ]);
  });

  it('drops an arrival the loaded rows already hold (a reload brought it too)', () => {
    const rows = mergeLiveRows([{ id: 'c' }, { id: 'b' }], [{ id: 'b' }, { id: 'a' }], key);
    expect(rows.map((row) => [row.key, row.fresh])).toEqual([
      ['c', true],
      ['b', false],
      ['a', false],
    ]);
  });

  it('drops an arrival delivered twice', () => {
    expect(mergeLiveRows([{ id: 'c' }, { id: 'c' }], [], key).map((row) => row.key)).toEqual(['c']);
  });

  it('keeps loaded rows that look alike, with distinct keys', () => {
    expect(mergeLiveRows([], [{ id: 'a' }, { id: 'a' }], key).map((row) => row.key)).toEqual(['a', 'a#1']);
  });

  it('keeps the newest arrivals up to the cap', () => {
    let live: { id: string }[] = [];
    for (let index = 0; index < MAX_LIVE_ROWS + 5; index++) live = addLive(live, { id: String(index) });
    expect(live).toHaveLength(MAX_LIVE_ROWS);
    expect(live[0]?.id).toBe(String(MAX_LIVE_ROWS + 4));
  });
});

// Paging without a server: where an iteration stops, and that its calls carry the call's options.
import { describe, expect, it } from 'vitest';
import { createClient } from '../src/index.ts';

/**
 * A client over `rows` answered as a route would (`count` missing: `byDefault` rows), recording each query string
 * asked; like fetch, it fails once the call's signal is aborted.
 */
const listing = (rows: number, { total = true, byDefault = 0 } = {}) => {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const request = input as Request;
    request.signal.throwIfAborted();
    const url = new URL(request.url);
    asked.push(url.search);
    const count = Number(url.searchParams.get('count') ?? byDefault);
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const data = Array.from({ length: Math.max(0, Math.min(count, rows - skip)) }, (_, i) => ({
      id: skip + i,
    }));
    const body = total ? { data, length: data.length, total: rows } : data;
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  return { asked, client: createClient({ baseUrl: 'https://ctf.example.com', fetch, retry: 0 }) };
};

const collect = async <T>(items: AsyncIterable<T>) => {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
};

describe('paged lists', () => {
  it('awaited, answers the page asked for, as before', async () => {
    const { asked, client } = listing(250);
    expect(await client.edit.games({ count: 10 })).toMatchObject({ length: 10, total: 250 });
    expect(asked).toEqual(['?count=10']);
  });

  it('iterated without a count, pages by the largest page the route serves', async () => {
    const { asked, client } = listing(250);
    const games = await collect(client.edit.games());
    expect(games.map((g) => g.id)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    // The first call (no count: an empty page of edit.games) is the one awaited; then pages of 100.
    expect(asked).toEqual(['', '?count=100&skip=0', '?count=100&skip=100', '?count=100&skip=200']);
  });

  it('stops a list without a total on a short page, or an empty one', async () => {
    const { asked, client } = listing(5, { total: false });
    expect(await collect(client.game.events(1, { count: 2 }))).toHaveLength(5);
    expect(asked).toEqual(['?count=2', '?count=2&skip=2', '?count=2&skip=4']);
    const even = listing(4, { total: false });
    expect(await collect(even.client.game.events(1, { count: 2 }))).toHaveLength(4);
    expect(even.asked).toEqual(['?count=2', '?count=2&skip=2', '?count=2&skip=4']);
  });

  it('stops where the route bounds skip', async () => {
    const { asked, client } = listing(1000, { total: false, byDefault: 100 });
    expect(await collect(client.game.notices(1))).toHaveLength(400);
    expect(asked.at(-1)).toBe('?count=100&skip=300');
  });

  it('sends every page with the call options', async () => {
    const controller = new AbortController();
    const { client } = listing(10);
    const seen: number[] = [];
    const err = await (async () => {
      for await (const team of client.admin.teams({ count: 3 }, { signal: controller.signal })) {
        seen.push(team.id);
        if (seen.length === 3) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'aborted' });
    expect(seen).toEqual([0, 1, 2]);
  });
});

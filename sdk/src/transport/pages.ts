// Paging through the `count`/`skip` lists the route table marks `paged`: a call of such a route is still the
// promise of its first page, and also an async iterable over every item of every page from there on.
import type { Endpoint, PageLimits, RouteResponse } from '../contract/route.ts';

/** One item of a page: the element of `data` (a page with a `total`) or of the array itself. */
export type PageItem<P> = P extends { data: readonly (infer T)[] }
  ? T
  : P extends readonly (infer T)[]
    ? T
    : never;

/**
 * A call of a paged list: awaited, the page its query asked for (as before); iterated with `for await`, every
 * item from that page on, fetching the next pages (of `count` items, else the largest the route serves) lazily,
 * with the call's signal, timeout and retry policy. Items added while iterating may shift later pages.
 */
export type PagedCall<P> = Promise<P> & AsyncIterable<PageItem<P>>;

/** What a call of route `R` resolves to: a `PagedCall` for the routes marked `paged`, else a promise. */
export type RouteCall<R extends Endpoint> = R extends { readonly paged: PageLimits }
  ? PagedCall<RouteResponse<R>>
  : Promise<RouteResponse<R>>;

interface PageArgs {
  query?: { count?: number; skip?: number } & Record<string, unknown>;
}

type Page = unknown[] | { data: unknown[]; total: number };

async function* items(
  first: Promise<unknown>,
  limits: PageLimits,
  args: PageArgs,
  next: (query: Record<string, unknown>) => Promise<unknown>,
): AsyncGenerator<unknown> {
  const query = args.query ?? {};
  // A count of 0 or none may mean the server's default, or an empty page (edit.games): later pages name one.
  const count = query.count || limits.count;
  let skip = query.skip ?? 0;
  let page = (await first) as Page;
  for (let asked = query.count; ; asked = count) {
    const list = Array.isArray(page) ? page : page.data;
    yield* list;
    skip += list.length;
    const done = Array.isArray(page)
      ? list.length === 0 || (asked !== undefined && asked > 0 && list.length < asked)
      : skip >= page.total || (list.length === 0 && asked === count);
    if (done || (limits.skip !== undefined && skip > limits.skip)) return;
    page = (await next({ ...query, count, skip })) as Page;
  }
}

/**
 * Makes `call` (the first page of `route`, called with `args`) iterable over the whole list when the route is
 * paged; `again` calls the route with other arguments for the next pages.
 */
export const withPages = <R extends Endpoint>(
  route: R,
  args: object | undefined,
  call: Promise<RouteResponse<R>>,
  again: (args: object) => Promise<unknown>,
): RouteCall<R> => {
  const limits = route.paged;
  if (!limits) return call as RouteCall<R>;
  const pageArgs = (args ?? {}) as PageArgs;
  return Object.assign(call, {
    [Symbol.asyncIterator]: () =>
      items(call, limits, pageArgs, (query) => again({ ...pageArgs, query }))[Symbol.asyncIterator](),
  }) as unknown as RouteCall<R>;
};

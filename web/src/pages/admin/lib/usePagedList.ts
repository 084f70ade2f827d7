// A list the admin pages page through with `count`/`skip`, or search instead (the server answers a search
// with one short page, up to 30 rows).
import type { ArrayResponse } from '@pennon/sdk';
import { useEffect, useState } from 'react';
import useSWR from 'swr';

export const PAGE_SIZE = 20;

export interface PagedListSource<T> {
  /** The SWR key's first part, naming the list. */
  key: string;
  page: (query: { count: number; skip: number }) => Promise<ArrayResponse<T>>;
  /** Lists that cannot be searched leave it out (and pass no hint). */
  search?: (hint: string) => Promise<ArrayResponse<T>>;
}

/** One page of `source` (or the search results for `hint`), with the page number and a refresh. */
export function usePagedList<T>(source: PagedListSource<T>, hint = '') {
  const [page, setPage] = useState(1);
  const query = source.search ? hint.trim() : '';
  const { data, error, isLoading, mutate } = useSWR(
    query ? [source.key, 'search', query] : [source.key, 'page', page],
    () =>
      query && source.search
        ? source.search(query)
        : source.page({ count: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE }),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  const pages = query || !data ? 1 : Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  // The list shrank under the current page (its last rows deleted): show the new last page.
  useEffect(() => {
    if (!query && data && page > pages) setPage(pages);
  }, [query, data, page, pages]);
  return {
    rows: data?.data,
    /** Pages to offer; a search has a single one. */
    pages,
    total: data?.total,
    page: query ? 1 : page,
    setPage,
    error: error as unknown,
    isLoading,
    refresh: () => mutate(),
  };
}

import { useSearchParams } from 'react-router';

/**
 * The address's query (where the monitor pages keep their filters, so a link can carry them) and a setter
 * for one parameter; an empty value removes it. Changing a filter replaces the history entry.
 */
export function useQueryParams() {
  const [params, setParams] = useSearchParams();
  const setParam = (key: string, value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return [params, setParam] as const;
}

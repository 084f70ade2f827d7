import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from '../LoadError';

export interface LoadStatesProps<T> {
  /** Undefined until loaded. */
  data: T | undefined;
  error: unknown;
  retry: () => unknown;
  /** Translation key of the failure's heading. */
  errorTitle: string;
  /** What stands in while loading: a skeleton this many pixels high, or a placeholder shaped like the content. */
  loading: number | ReactNode;
  /** Whether the loaded data has nothing to show; `empty` is shown then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** The states before content (failed, loading, nothing there), alike on every page that loads something. */
export function LoadStates<T>({
  data,
  error,
  retry,
  errorTitle,
  loading,
  isEmpty,
  empty,
  children,
}: LoadStatesProps<T>) {
  if (data === undefined) {
    if (error) return <LoadError error={error} retry={retry} title={errorTitle} />;
    return typeof loading === 'number' ? <Skeleton height={loading} radius="md" aria-busy /> : loading;
  }
  return isEmpty?.(data) ? empty : children(data);
}

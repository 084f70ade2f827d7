// The Markdown renderer and its libraries (marked, DOMPurify, highlight.js, KaTeX) are a chunk of their
// own, fetched the first time some Markdown is shown; a few grey lines stand in meanwhile.
import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './MarkdownView.tsx';

export type { MarkdownProps } from './MarkdownView.tsx';
export { plainLine } from './plainLine.ts';

const MarkdownView = lazy(() => import('./MarkdownView.tsx'));

function MarkdownLoader() {
  return (
    <Stack gap="xs" aria-hidden data-testid="markdown-loading">
      <Skeleton height={12} />
      <Skeleton height={12} />
      <Skeleton height={12} width="60%" />
    </Stack>
  );
}

/** Sanitized, highlighted Markdown with math (see render.ts). */
export function Markdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<MarkdownLoader />}>
      <MarkdownView {...props} />
    </Suspense>
  );
}

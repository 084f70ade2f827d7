import 'katex/dist/katex.min.css';
import { Typography, type TypographyProps } from '@mantine/core';
import { useMemo } from 'react';
import classes from './Markdown.module.css';
import { renderMarkdown } from './render.ts';

export interface MarkdownProps extends Omit<TypographyProps, 'children'> {
  /** The Markdown text, as a user wrote it. */
  source: string;
}

/** Markdown rendered to sanitized HTML, in Mantine's typography. Loaded lazily: see index.tsx. */
export default function MarkdownView({ source, className, ...props }: MarkdownProps) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <Typography
      {...props}
      className={className ? `${classes.root} ${className}` : classes.root}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes out of DOMPurify (render.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

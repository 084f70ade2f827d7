// Stands in for `@mantine/core` in the bundle (vite/mantine-tooltip.ts): all of Mantine but its Tooltip, which
// brings floating-ui, transitions and a portal (a tenth of the scoreboard's bytes). The shared web components'
// tooltips are short texts, so in the elements they become the browser's own: the `title` of what they wrap.
import type { TooltipProps } from '@mantine/core';
import { cloneElement, type ReactElement } from 'react';

export * from '@mantine/core';

export function Tooltip({
  label,
  disabled,
  children,
}: Pick<TooltipProps, 'label' | 'disabled' | 'children'>) {
  const text = typeof label === 'string' || typeof label === 'number' ? String(label) : '';
  if (disabled || !text) return children;
  return cloneElement(children as ReactElement<{ title?: string }>, { title: text });
}

import { Tabs, type TabsProps } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import classes from './NavTabs.module.css';

export interface NavTab {
  value: string;
  label: string;
  icon: ReactNode;
}

/**
 * Tabs between pages, the current one given by the address: one row, on phones without icons, scrolling sideways
 * where it is wider than the screen with the current tab brought into view (not left cut at the edge).
 */
export function NavTabs(props: {
  tabs: readonly NavTab[];
  active: string | null;
  onChange: (value: string) => void;
  variant?: TabsProps['variant'];
  /** The row's accessible name, where a page has more than one. */
  label?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  // In the next frame, on the layout its paint needs anyway: an effect may run before a page's first paint (React runs
  // pending effects before a synchronous re-render), where reading the layout would add one. Whole pixels, as
  // scrolling rounds.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const tab = list.current?.querySelector('[data-active]');
      if (!list.current || !tab) return;
      const [shown, wanted] = [list.current.getBoundingClientRect(), tab.getBoundingClientRect()];
      if (wanted.right > shown.right) list.current.scrollLeft += Math.ceil(wanted.right - shown.right);
      else if (wanted.left < shown.left) list.current.scrollLeft -= Math.ceil(shown.left - wanted.left);
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Tabs
      variant={props.variant}
      value={props.active}
      onChange={(value) => value && props.onChange(value)}
      classNames={{ list: classes.list, tab: classes.tab, tabSection: classes.tabSection }}
    >
      <Tabs.List ref={list} aria-label={props.label}>
        {props.tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

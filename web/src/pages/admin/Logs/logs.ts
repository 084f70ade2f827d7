// What the log page shows of the admin log: one page per level filter, live entries added on top.
import type { LogLevelFilter, LogMessageModel } from '@pennon/sdk';

export const LOG_PAGE_SIZE = 50;

/** Identifies an entry across a page load and the hub (which has no ids). */
export const entryKey = (entry: LogMessageModel) => `${entry.time}|${entry.level}|${entry.ip}|${entry.msg}`;

/** Whether a pushed entry belongs to the list filtered by `level`. */
export const matchesLevel = (entry: LogMessageModel, level: LogLevelFilter) =>
  level === 'All' || entry.level === level;

/** The first page with a pushed entry on top (once), still one page long. */
export const withLiveEntry = (page: LogMessageModel[], entry: LogMessageModel): LogMessageModel[] => {
  const key = entryKey(entry);
  if (page.some((known) => entryKey(known) === key)) return page;
  return [entry, ...page].slice(0, LOG_PAGE_SIZE);
};

export const LEVEL_COLORS: Record<string, string> = {
  Verbose: 'gray',
  Debug: 'gray',
  Information: 'blue',
  Warning: 'yellow',
  Error: 'red',
  Fatal: 'grape',
};

/** A React key per entry: its identity, numbered when the same entry reads twice (same moment and message). */
export const rowKeys = (entries: LogMessageModel[]): string[] => {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const key = entryKey(entry);
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return `${key}#${count}`;
  });
};

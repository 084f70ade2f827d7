export { RelativeTime } from './RelativeTime.tsx';
export { formatFull, formatRelative } from './relativeTime.ts';

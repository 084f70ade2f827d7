// Turning what an admin pastes into the flags to add: one per line, trimmed, each once, none already there.
import { FLAG_MAX } from '@pennon/sdk';

export interface ParsedFlags {
  /** New flags, in the order given. */
  flags: string[];
  /** Lines over the length limit. */
  tooLong: string[];
  /** Lines that repeat an existing flag or an earlier line. */
  duplicates: string[];
}

export const parseFlags = (text: string, existing: readonly string[] = []): ParsedFlags => {
  const seen = new Set(existing);
  const result: ParsedFlags = { flags: [], tooLong: [], duplicates: [] };
  for (const line of text.split(/\r?\n/)) {
    const flag = line.trim();
    if (!flag) continue;
    if (flag.length > FLAG_MAX) result.tooLong.push(flag);
    else if (seen.has(flag)) result.duplicates.push(flag);
    else {
      seen.add(flag);
      result.flags.push(flag);
    }
  }
  return result;
};

// The name a team's own attachment is saved under.
import { describe, expect, it } from 'vitest';
import { teamFileName } from '../../src/games/download-name.ts';

describe('team file name', () => {
  it("keeps the challenge's file name when it has an extension", () => {
    expect(teamFileName('capture.pcapng', 'Sniffer', 'team-7.pcapng')).toBe('capture.pcapng');
  });

  it("adds the stored file's extension to a name without one", () => {
    expect(teamFileName('capture', 'Sniffer', 'team-7.pcapng')).toBe('capture.pcapng');
  });

  it('uses the title, never the bare placeholder, while the file is unnamed', () => {
    expect(teamFileName('attachment', 'Own file', 'a1b2.zip')).toBe('Own file.zip');
    expect(teamFileName(null, 'Path/to: file', 'x.txt')).toBe('Path_to_ file.txt');
  });
});

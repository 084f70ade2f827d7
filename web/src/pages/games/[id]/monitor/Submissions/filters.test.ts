import type { Submission } from '@pennon/sdk';
import { describe, expect, it } from 'vitest';
import { filterFromParams, matchesFilter, teamOptions } from './filters.ts';

const submission = (team: string, status: Submission['status']): Submission => ({
  answer: 'flag{x}',
  status,
  time: 1,
  user: 'skipper',
  team,
  challenge: 'Lighthouse',
});

describe('submission filters', () => {
  it('reads the verdict and team from the address, ignoring unknown verdicts', () => {
    expect(filterFromParams(new URLSearchParams('outcome=Accepted&team=Gulls'))).toEqual({
      outcome: 'Accepted',
      team: 'Gulls',
    });
    expect(filterFromParams(new URLSearchParams('outcome=Bogus&team='))).toEqual({
      outcome: null,
      team: null,
    });
  });

  it('keeps what matches both the verdict and the team', () => {
    const rows = [
      submission('Gulls', 'Accepted'),
      submission('Gulls', 'WrongAnswer'),
      submission('Terns', 'Accepted'),
    ];
    expect(rows.filter((row) => matchesFilter(row, { outcome: 'Accepted', team: 'Gulls' }))).toEqual([
      rows[0],
    ]);
    expect(rows.filter((row) => matchesFilter(row, { outcome: null, team: 'Terns' }))).toEqual([rows[2]]);
    expect(rows.filter((row) => matchesFilter(row, { outcome: null, team: null }))).toEqual(rows);
  });

  it('offers each team once, sorted, with the one the address names', () => {
    const rows = [
      submission('Terns', 'Accepted'),
      submission('Gulls', 'Accepted'),
      submission('Terns', 'NotFound'),
    ];
    expect(teamOptions(rows, null)).toEqual(['Gulls', 'Terns']);
    expect(teamOptions(rows, 'Auks')).toEqual(['Auks', 'Gulls', 'Terns']);
  });
});

// The CheatInfo page's filters: a team (on either side of the shared flag) and a challenge, from the address.
import type { CheatInfoModel } from '@pennon/sdk';

export interface CheatFilter {
  team: string | null;
  challenge: string | null;
}

export const cheatFilterFromParams = (params: URLSearchParams): CheatFilter => ({
  team: params.get('team') || null,
  challenge: params.get('challenge') || null,
});

/** The reports the filter keeps, newest first. */
export const filterCheats = (reports: readonly CheatInfoModel[], filter: CheatFilter): CheatInfoModel[] =>
  reports
    .filter(
      (report) =>
        (filter.team === null ||
          report.submitTeam.team.name === filter.team ||
          report.ownedTeam.team.name === filter.team) &&
        (filter.challenge === null || report.submission.challenge === filter.challenge),
    )
    .sort((a, b) => b.submission.time - a.submission.time);

/** The teams and challenges the reports name, for the filters' choices, in alphabetical order. */
export const cheatOptions = (reports: readonly CheatInfoModel[]) => {
  const sorted = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
  return {
    teams: sorted(reports.flatMap((report) => [report.submitTeam.team.name, report.ownedTeam.team.name])),
    challenges: sorted(reports.map((report) => report.submission.challenge)),
  };
};

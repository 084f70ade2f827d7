import type { ParticipationEditModel, ParticipationInfoModel, ParticipationStatus } from '@pennon/sdk';

/** The statuses an admin sets in review (Unsubmitted is where a team starts, never a verdict). */
export const REVIEW_STATUSES = ['Accepted', 'Rejected', 'Suspended'] as const satisfies ParticipationStatus[];
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** How a participation's team is named in the review. */
export const teamName = ({ team }: Pick<ParticipationInfoModel, 'team'>) => team.name ?? `#${team.id}`;

/** Every status a participation can have, for the filter. */
export const FILTER_STATUSES = ['Pending', 'Accepted', 'Rejected', 'Suspended'] as const;

/** Filter value for "no division". */
export const NO_DIVISION = 'none';

/**
 * The review body for a change of status or division. The server clears the division when `divisionId` is
 * missing, so a status change carries the current one along.
 */
export const reviewBody = (
  participation: Pick<ParticipationInfoModel, 'status' | 'divisionId'>,
  change: { status?: ReviewStatus; divisionId?: number | null },
): ParticipationEditModel => ({
  status: change.status ?? participation.status,
  divisionId: change.divisionId === undefined ? participation.divisionId : change.divisionId,
});

export interface ReviewFilter {
  status: string | null;
  /** A division id, NO_DIVISION, or null for all. */
  division: string | null;
}

/** The participations the filter lets through, pending ones first (they wait for a verdict). */
export const filterParticipations = (list: ParticipationInfoModel[], filter: ReviewFilter) =>
  list
    .filter((p) => !filter.status || p.status === filter.status)
    .filter(
      (p) =>
        !filter.division ||
        (filter.division === NO_DIVISION ? p.divisionId === null : String(p.divisionId) === filter.division),
    )
    .sort((a, b) => Number(b.status === 'Pending') - Number(a.status === 'Pending'));

export interface BulkFailure {
  participation: ParticipationInfoModel;
  error: unknown;
}

/**
 * Sets `status` on each participation in turn (the API reviews one participation per call), reporting how many
 * are done after each; answers the ones that failed, so one refusal does not stop the rest.
 */
export const reviewEach = async (
  participations: ParticipationInfoModel[],
  status: ReviewStatus,
  update: (id: number, body: ParticipationEditModel) => Promise<unknown>,
  onProgress: (done: number) => void,
): Promise<BulkFailure[]> => {
  const failures: BulkFailure[] = [];
  for (const [index, participation] of participations.entries()) {
    try {
      await update(participation.id, reviewBody(participation, { status }));
    } catch (error) {
      failures.push({ participation, error });
    }
    onProgress(index + 1);
  }
  return failures;
};

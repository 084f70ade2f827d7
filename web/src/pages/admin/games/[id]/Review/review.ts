import {
  type ParticipationEditModel,
  type ParticipationInfoModel,
  type ParticipationReviewModel,
  type ParticipationReviewResult,
  type ParticipationStatus,
  PennonError,
} from '@pennon/sdk';

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

/** Participations a bulk review sends per request: seconds of the server's work each, with progress between. */
export const BULK_CHUNK = 50;

/**
 * Sets `status` on the participations, each keeping its division, `BULK_CHUNK` per request (one request each would
 * run an organiser accepting hundreds of teams into the rate limit), reporting how many are done after each
 * request; answers the ones that failed, so one refusal does not stop the rest.
 */
export const reviewAll = async (
  participations: ParticipationInfoModel[],
  status: ReviewStatus,
  review: (body: ParticipationReviewModel) => Promise<ParticipationReviewResult>,
  onProgress: (done: number) => void,
): Promise<BulkFailure[]> => {
  const failures: BulkFailure[] = [];
  for (let start = 0; start < participations.length; start += BULK_CHUNK) {
    const chunk = participations.slice(start, start + BULK_CHUNK);
    try {
      const { failed } = await review({ ids: chunk.map((p) => p.id), status });
      for (const { id, title, status: code } of failed) {
        const participation = chunk.find((p) => p.id === id);
        if (participation) failures.push({ participation, error: PennonError.http(code, { title, code }) });
      }
    } catch (error) {
      failures.push(...chunk.map((participation) => ({ participation, error })));
    }
    onProgress(start + chunk.length);
  }
  return failures;
};

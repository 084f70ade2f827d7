// The Submissions page's filters: the verdict is asked of the server, the team is picked out here (the API
// filters by verdict only), and the page is cut from what is left.
import { type AnswerResult, AnswerResultValues, type Submission } from '@pennon/sdk';

export interface SubmissionFilter {
  outcome: AnswerResult | null;
  team: string | null;
}

/** The filter an address asks for (`?outcome=&team=`); unknown verdicts are ignored. */
export const filterFromParams = (params: URLSearchParams): SubmissionFilter => {
  const outcome = params.get('outcome');
  return {
    outcome: AnswerResultValues.includes(outcome as AnswerResult) ? (outcome as AnswerResult) : null,
    team: params.get('team') || null,
  };
};

/** Whether a submission passes the filter. */
export const matchesFilter = (submission: Submission, filter: SubmissionFilter): boolean =>
  (filter.outcome === null || submission.status === filter.outcome) &&
  (filter.team === null || submission.team === filter.team);

/** The teams that submitted, in alphabetical order, with `keep` (a team asked for by the address) among them. */
export const teamOptions = (submissions: readonly Submission[], keep: string | null): string[] => {
  const teams = new Set(submissions.map((submission) => submission.team));
  if (keep) teams.add(keep);
  return [...teams].sort((a, b) => a.localeCompare(b));
};

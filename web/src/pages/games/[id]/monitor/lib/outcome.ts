import type { AnswerResult } from '@pennon/sdk';

/** How each verdict looks on the monitor pages: its colour and the key of its label. */
export const OUTCOMES: Record<AnswerResult, { color: string; label: string }> = {
  Accepted: { color: 'teal', label: 'monitor.outcome.accepted' },
  WrongAnswer: { color: 'red', label: 'monitor.outcome.wrong' },
  CheatDetected: { color: 'orange', label: 'monitor.outcome.cheat' },
  NotFound: { color: 'gray', label: 'monitor.outcome.not_found' },
  FlagSubmitted: { color: 'blue', label: 'monitor.outcome.pending' },
};

/** The verdicts in the order a filter offers them. */
export const OUTCOME_ORDER: AnswerResult[] = [
  'Accepted',
  'WrongAnswer',
  'CheatDetected',
  'NotFound',
  'FlagSubmitted',
];

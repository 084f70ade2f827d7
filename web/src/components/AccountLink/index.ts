export { LinkOutcomeView } from './LinkOutcomeView.tsx';
export { IncompleteLink } from './LinkProblem.tsx';
export { linkParams, rawParam } from './linkParams.ts';
export { type LinkOutcome, useLinkAction } from './useLinkAction.ts';

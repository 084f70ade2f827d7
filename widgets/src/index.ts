// @pennon/widgets: <pennon-scoreboard>, <pennon-notices> and <pennon-challenge-card>. Importing this module
// (or loading the classic script) defines the three elements.
import {
  CHALLENGE_CARD_ATTRIBUTES,
  CHALLENGE_CARD_TAG,
  PennonChallengeCard,
} from './elements/ChallengeCard.tsx';
import { defineWidget } from './elements/define.ts';
import { NOTICES_ATTRIBUTES, NOTICES_TAG, PennonNotices } from './elements/Notices.tsx';
import { PennonScoreboard, SCOREBOARD_ATTRIBUTES, SCOREBOARD_TAG } from './elements/Scoreboard.tsx';

defineWidget(SCOREBOARD_TAG, PennonScoreboard, SCOREBOARD_ATTRIBUTES);
defineWidget(NOTICES_TAG, PennonNotices, NOTICES_ATTRIBUTES);
defineWidget(CHALLENGE_CARD_TAG, PennonChallengeCard, CHALLENGE_CARD_ATTRIBUTES);

export type { NoticeDetail, PennonEventMap, SolveDetail } from './events.ts';

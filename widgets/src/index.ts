// @pennon/widgets: <pennon-scoreboard>, <pennon-notices>, <pennon-challenge-card> and <pennon-top-teams>.
// Importing this module (or loading the classic script) defines the four elements.
import { CHALLENGE_CARD_ATTRIBUTES, PennonChallengeCard } from './elements/ChallengeCard.tsx';
import { defineWidget } from './elements/define.ts';
import { NOTICES_ATTRIBUTES, PennonNotices } from './elements/Notices.tsx';
import { PennonScoreboard, SCOREBOARD_ATTRIBUTES } from './elements/Scoreboard.tsx';
import { PennonTopTeams, TOP_TEAMS_ATTRIBUTES } from './elements/TopTeams.tsx';
import { CHALLENGE_CARD_TAG, NOTICES_TAG, SCOREBOARD_TAG, TOP_TEAMS_TAG } from './types.ts';

defineWidget(SCOREBOARD_TAG, PennonScoreboard, SCOREBOARD_ATTRIBUTES);
defineWidget(NOTICES_TAG, PennonNotices, NOTICES_ATTRIBUTES);
defineWidget(CHALLENGE_CARD_TAG, PennonChallengeCard, CHALLENGE_CARD_ATTRIBUTES);
defineWidget(TOP_TEAMS_TAG, PennonTopTeams, TOP_TEAMS_ATTRIBUTES);

// Its declarations are those of types.ts (dist/types.d.ts): the tags, and the types of the elements and events.
export * from './types.ts';

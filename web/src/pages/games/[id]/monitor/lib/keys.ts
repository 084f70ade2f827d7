// How a monitor page tells rows apart: the wire models carry no ids.
import type { GameEvent, Submission } from '@pennon/sdk';

export const eventKey = (e: GameEvent): string => JSON.stringify([e.time, e.type, e.values, e.user, e.team]);

export const submissionKey = (s: Submission): string =>
  JSON.stringify([s.time, s.user, s.team, s.challenge, s.answer, s.status]);

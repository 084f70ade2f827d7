// How a monitor page tells rows apart: GZ::CTF's wire models carry no ids; Pennon's submissions do, so a corrected
// verdict replaces its row rather than adding one.
import type { GameEvent, Submission } from '@pennon/sdk';

export const eventKey = (e: GameEvent): string => JSON.stringify([e.time, e.type, e.values, e.user, e.team]);

export const submissionKey = (s: Submission): string =>
  s.id === undefined ? JSON.stringify([s.time, s.user, s.team, s.challenge, s.answer, s.status]) : `#${s.id}`;

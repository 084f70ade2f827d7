// A game event in words (gzctf-api §4.11). The sentence is plain text: team names and answers are data,
// never markup (React renders them as text).
import { type EventType, type GameEvent, releaseEventMarker } from '@pennon/sdk';
import type { TFunction } from 'i18next';

const FLAG_KEYS: Record<string, string> = {
  Accepted: 'monitor.event.flag_accepted',
  WrongAnswer: 'monitor.event.flag_wrong',
  CheatDetected: 'monitor.event.flag_cheat',
};

/** The key of each event type's label. */
export const EVENT_TYPE_KEYS: Record<EventType, string> = {
  Normal: 'monitor.event_type.normal',
  ContainerStart: 'monitor.event_type.container_start',
  ContainerDestroy: 'monitor.event_type.container_destroy',
  FlagSubmit: 'monitor.event_type.flag_submit',
  CheatDetected: 'monitor.event_type.cheat_detected',
  HintUnlock: 'monitor.event_type.hint_unlock',
};

/** Whether an event is about a container (hidden by the "hide container events" filter). */
export const isContainerEvent = (event: Pick<GameEvent, 'type'>): boolean =>
  event.type === 'ContainerStart' || event.type === 'ContainerDestroy';

/** What happened, as one sentence in the reader's language. */
export const eventSentence = (event: GameEvent, t: TFunction): string => {
  const team = event.team || t('monitor.event.someone');
  const [first = '', second = '', third = '', fourth = ''] = event.values;
  switch (event.type) {
    case 'FlagSubmit':
      // values: [verdict, answer, challenge title, challenge id]
      return t(FLAG_KEYS[first] ?? 'monitor.event.flag_other', { team, challenge: third });
    case 'ContainerStart':
      // values: [challenge id, challenge title]
      return t('monitor.event.container_start', { team, challenge: second });
    case 'ContainerDestroy':
      return t('monitor.event.container_destroy', { team, challenge: second });
    case 'CheatDetected':
      // values: [challenge title, submitting team, owning team]
      return t('monitor.event.cheat', { challenge: first, submitter: second, owner: third });
    case 'Normal':
      // A staged release: values [marker, challenge id, title]; a team when its prerequisites opened it.
      if (first === releaseEventMarker)
        return event.team
          ? t('monitor.event.opened_to_team', { team, challenge: third })
          : t('monitor.event.opened', { challenge: third });
      return event.values.join(' ');
    case 'HintUnlock':
      // values: [challenge id, challenge title, points paid, hint title]
      return t('monitor.event.hint_unlock', { team, challenge: second, cost: third, hint: fourth });
    default:
      return event.values.join(' ');
  }
};

/** The answer a flag event carries, to show beside the sentence. */
export const eventAnswer = (event: GameEvent): string | undefined =>
  event.type === 'FlagSubmit' ? event.values[1] : undefined;

// Game events in words (gzctf-api §4.11), in en-US.
import type { GameEvent } from '@pennon/sdk';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../../i18n/instance.ts';
import { eventAnswer, eventSentence, isContainerEvent } from './eventSentence.ts';

const t = i18n.t.bind(i18n);
const event = (type: GameEvent['type'], values: string[], team = 'Gulls', user = 'skipper'): GameEvent => ({
  type,
  values,
  time: 1_700_000_000_000,
  user,
  team,
});

describe('event sentences', () => {
  it.each([
    [event('FlagSubmit', ['Accepted', 'flag{x}', 'Lighthouse', '4']), 'Gulls solved Lighthouse'],
    [
      event('FlagSubmit', ['WrongAnswer', 'flag{no}', 'Lighthouse', '4']),
      'Gulls submitted a wrong flag for Lighthouse',
    ],
    [
      event('FlagSubmit', ['CheatDetected', 'flag{no}', 'Lighthouse', '4']),
      "Gulls submitted another team's flag for Lighthouse",
    ],
    [
      event('FlagSubmit', ['NotFound', 'flag{no}', 'Lighthouse', '4']),
      'Gulls submitted a flag for Lighthouse',
    ],
    [event('ContainerStart', ['4', 'Lighthouse']), 'Gulls started a container for Lighthouse'],
    [event('ContainerDestroy', ['4', 'Lighthouse']), 'Gulls destroyed its container for Lighthouse'],
    [
      event('CheatDetected', ['Lighthouse', 'Terns', 'Gulls']),
      'Terns submitted the flag of Gulls for Lighthouse',
    ],
    [event('Normal', ['The', 'harbour', 'opens']), 'The harbour opens'],
    [event('Normal', ['ChallengeOpened', '4', 'Lighthouse']), 'Lighthouse opened to Gulls'],
    [
      { ...event('Normal', ['ChallengeOpened', '4', 'Lighthouse']), team: '' },
      'Lighthouse opened to every team',
    ],
  ])('%#: %s', (item, sentence) => {
    expect(eventSentence(item, t)).toBe(sentence);
  });

  it('names an event without a team "Someone"', () => {
    expect(eventSentence(event('ContainerStart', ['4', 'Lighthouse'], '', ''), t)).toBe(
      'Someone started a container for Lighthouse',
    );
  });

  it('keeps names as they are: text, never markup or escapes', () => {
    const name = '<img src=x onerror=alert(1)> & "Co"';
    expect(eventSentence(event('FlagSubmit', ['Accepted', 'f', 'Lighthouse', '4'], name), t)).toBe(
      `${name} solved Lighthouse`,
    );
  });

  it('shows the answer of flag events only', () => {
    expect(eventAnswer(event('FlagSubmit', ['WrongAnswer', 'flag{no}', 'Lighthouse', '4']))).toBe('flag{no}');
    expect(eventAnswer(event('ContainerStart', ['4', 'Lighthouse']))).toBeUndefined();
  });

  it('counts starts and destructions as container events', () => {
    const types = ['Normal', 'ContainerStart', 'ContainerDestroy', 'FlagSubmit', 'CheatDetected'] as const;
    expect(types.filter((type) => isContainerEvent({ type }))).toEqual([
      'ContainerStart',
      'ContainerDestroy',
    ]);
  });
});

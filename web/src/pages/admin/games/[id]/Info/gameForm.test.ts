import type { GameInfoModel } from '@pennon/sdk';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { toFormValues, toGameInput, validateGameForm } from './gameForm.ts';

const game: GameInfoModel = {
  id: 4,
  title: 'Tide Cup',
  hidden: false,
  summary: '',
  content: '',
  acceptWithoutReview: false,
  writeupRequired: false,
  inviteCode: null,
  teamMemberCountLimit: 0,
  containerCountLimit: 3,
  poster: null,
  publicKey: 'key',
  practiceMode: true,
  start: 1_000_000,
  end: 2_000_000,
  writeupDeadline: 0,
  writeupNote: '',
  bloodBonus: 52459530,
};

const t = ((key: string) => key) as unknown as TFunction;

describe('game info form', () => {
  it('shows the blood bonus in percent and sends every setting back packed', () => {
    const values = toFormValues(game);
    expect(values.bloodBonus).toEqual([5, 3, 1]);
    const body = toGameInput({
      ...values,
      title: '  Tide Cup 2 ',
      inviteCode: '  ',
      bloodBonus: [10, 5, 2.5],
    });
    expect(body).toMatchObject({
      title: 'Tide Cup 2',
      inviteCode: null,
      bloodBonus: (100 << 20) + (50 << 10) + 25,
      start: game.start,
      end: game.end,
      containerCountLimit: 3,
      practiceMode: true,
    });
  });

  it('flags a blank title, an end before the start and an early writeup deadline', () => {
    const rules = validateGameForm(t);
    const values = toFormValues(game);
    expect(rules.title(' ')).toBe('admin.game.form.title_required');
    expect(rules.end(values.start, values)).toBe('admin.game.form.end_before_start');
    expect(rules.end(values.start + 1, values)).toBeNull();
    expect(rules.writeupDeadline(0, values)).toBeNull();
    expect(rules.writeupDeadline(0, { ...values, writeupRequired: true })).toBe(
      'admin.game.form.deadline_before_end',
    );
    expect(rules.inviteCode('x'.repeat(33))).toBe('admin.game.form.too_long');
  });

  it('sends no freeze as null, keeps a set one, and flags one at or after the end', () => {
    const values = toFormValues(game);
    expect(values.freezeAt).toBe(0);
    expect(toGameInput(values).freezeAt).toBeNull();
    const frozen = toFormValues({ ...game, freezeAt: 1_500_000 });
    expect(toGameInput(frozen).freezeAt).toBe(1_500_000);
    const rules = validateGameForm(t);
    expect(rules.freezeAt(1_500_000, values)).toBeNull();
    expect(rules.freezeAt(0, values)).toBeNull();
    expect(rules.freezeAt(values.end, values)).toBe('admin.game.form.freeze_after_end');
  });
});

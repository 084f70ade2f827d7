import { type GameInfoInput, type GameInfoModel, INVITE_CODE_MAX } from '@pennon/sdk';
import type { TFunction } from 'i18next';
import { type BloodBonusPercents, packBloodBonus, unpackBloodBonus } from '../../lib/bloodBonus.ts';

/** The Info form: a game's settings, the blood bonus as percentages. */
export interface GameFormValues {
  title: string;
  summary: string;
  content: string;
  hidden: boolean;
  practiceMode: boolean;
  acceptWithoutReview: boolean;
  inviteCode: string;
  teamMemberCountLimit: number;
  containerCountLimit: number;
  start: number;
  end: number;
  /** The scoreboard freeze; 0: none. */
  freezeAt: number;
  writeupRequired: boolean;
  writeupDeadline: number;
  writeupNote: string;
  bloodBonus: BloodBonusPercents;
}

export const toFormValues = (game: GameInfoModel): GameFormValues => ({
  title: game.title,
  summary: game.summary,
  content: game.content,
  hidden: game.hidden,
  practiceMode: game.practiceMode,
  acceptWithoutReview: game.acceptWithoutReview,
  inviteCode: game.inviteCode ?? '',
  teamMemberCountLimit: game.teamMemberCountLimit,
  containerCountLimit: game.containerCountLimit,
  start: game.start,
  end: game.end,
  freezeAt: game.freezeAt ?? 0,
  writeupRequired: game.writeupRequired,
  writeupDeadline: game.writeupDeadline,
  writeupNote: game.writeupNote,
  bloodBonus: unpackBloodBonus(game.bloodBonus),
});

/** The update body: every setting, since an update overwrites them all. */
export const toGameInput = (values: GameFormValues): GameInfoInput => ({
  ...values,
  title: values.title.trim(),
  inviteCode: values.inviteCode.trim() || null,
  freezeAt: values.freezeAt > 0 ? values.freezeAt : null,
  bloodBonus: packBloodBonus(values.bloodBonus),
});

/** Inline checks of the Info form (what the server would refuse or silently misread). */
export const validateGameForm = (t: TFunction) => ({
  title: (value: string) => (value.trim() ? null : t('admin.game.form.title_required')),
  inviteCode: (value: string) =>
    value.trim().length > INVITE_CODE_MAX ? t('admin.game.form.too_long', { max: INVITE_CODE_MAX }) : null,
  end: (value: number, values: { start: number }) =>
    value <= values.start ? t('admin.game.form.end_before_start') : null,
  freezeAt: (value: number, values: { end: number }) =>
    value > 0 && value >= values.end ? t('admin.game.form.freeze_after_end') : null,
  writeupDeadline: (value: number, values: GameFormValues) =>
    values.writeupRequired && value < values.end ? t('admin.game.form.deadline_before_end') : null,
});

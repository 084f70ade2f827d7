// Every enum of gzctf-api.md §3 as a TypeBox schema (and its type). On the wire they are member names, except
// GamePermission (numeric flags). The value lists and flag constants are in enum-values.ts, free of TypeBox.
import Type, { type Static } from 'typebox';
import {
  AnswerResultValues,
  CaptchaProviderValues,
  ChallengeCategoryValues,
  ChallengeTypeValues,
  ContainerPortMappingTypeValues,
  ContainerProviderTypeValues,
  ContainerStatusValues,
  DifficultyValues,
  EventTypeValues,
  FileTypeValues,
  GamePermission,
  LogLevelFilterValues,
  LogLevelValues,
  NetworkModeValues,
  NoticeTypeValues,
  ParticipationStatusValues,
  RegisterStatusValues,
  RoleValues,
  SubmissionTypeValues,
  TaskStatusValues,
} from './enum-values.ts';
import { StringEnum } from './schema.ts';

export const Role = StringEnum('Role', RoleValues);
export type Role = Static<typeof Role>;

export const RegisterStatus = StringEnum('RegisterStatus', RegisterStatusValues);
export type RegisterStatus = Static<typeof RegisterStatus>;

export const TaskStatus = StringEnum('TaskStatus', TaskStatusValues);
export type TaskStatus = Static<typeof TaskStatus>;

export const FileType = StringEnum('FileType', FileTypeValues);
export type FileType = Static<typeof FileType>;

export const ContainerStatus = StringEnum('ContainerStatus', ContainerStatusValues);
export type ContainerStatus = Static<typeof ContainerStatus>;

export const NoticeType = StringEnum('NoticeType', NoticeTypeValues);
export type NoticeType = Static<typeof NoticeType>;

export const EventType = StringEnum('EventType', EventTypeValues);
export type EventType = Static<typeof EventType>;

export const SubmissionType = StringEnum('SubmissionType', SubmissionTypeValues);
export type SubmissionType = Static<typeof SubmissionType>;

export const ParticipationStatus = StringEnum('ParticipationStatus', ParticipationStatusValues);
export type ParticipationStatus = Static<typeof ParticipationStatus>;

/** Bit 1 = dynamic, bit 0 = container. */
export const ChallengeType = StringEnum('ChallengeType', ChallengeTypeValues);
export type ChallengeType = Static<typeof ChallengeType>;

export const ChallengeCategory = StringEnum('ChallengeCategory', ChallengeCategoryValues);
export type ChallengeCategory = Static<typeof ChallengeCategory>;

export const NetworkMode = StringEnum('NetworkMode', NetworkModeValues);
export type NetworkMode = Static<typeof NetworkMode>;

export const AnswerResult = StringEnum('AnswerResult', AnswerResultValues);
export type AnswerResult = Static<typeof AnswerResult>;

export const GamePermissionFlags = Type.Integer({
  minimum: 0,
  maximum: GamePermission.All,
  title: 'GamePermission',
});

export const CaptchaProvider = StringEnum('CaptchaProvider', CaptchaProviderValues);
export type CaptchaProvider = Static<typeof CaptchaProvider>;

export const ContainerPortMappingType = StringEnum(
  'ContainerPortMappingType',
  ContainerPortMappingTypeValues,
);
export type ContainerPortMappingType = Static<typeof ContainerPortMappingType>;

export const ContainerProviderType = StringEnum('ContainerProviderType', ContainerProviderTypeValues);
export type ContainerProviderType = Static<typeof ContainerProviderType>;

export const Difficulty = StringEnum('Difficulty', DifficultyValues);
export type Difficulty = Static<typeof Difficulty>;

/** Log levels (Serilog names) and the list filter that takes them all. */
export const LogLevel = StringEnum('LogLevel', LogLevelValues);
export type LogLevel = Static<typeof LogLevel>;
export const LogLevelFilter = StringEnum('LogLevelFilter', LogLevelFilterValues);
export type LogLevelFilter = Static<typeof LogLevelFilter>;

// The game package of export and import (§2.5): a .zip holding manifest.json, game.json, one
// challenges/challenge-{id}.json per challenge and files/{hash} (SHA-256 of the content) for every local file. The
// JSON is GZ::CTF's transfer format (camelCase, enums by name, times as ISO 8601 strings), so packages move between
// its servers and ours. Sections it leaves out may be missing or null; fields it does not know it ignores, which is
// where ours go that it has no place for (`fileName` of a dynamic attachment, a container's `networkMode`).
import {
  AuthoredField,
  ChallengeCategory,
  ChallengeType,
  GamePermission,
  HintInput,
  NetworkMode,
  TimestampInput,
} from '@pennon/sdk/contract';
import Type, { type Static, type TSchema } from 'typebox';
import { bloodBonusFieldMax } from './game-store.ts';

export const packageFormat = { format: 'GZCTF-GAME', version: '1.0' } as const;

const Optional = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const Hash = Type.String({ pattern: '^[0-9a-fA-F]{64}$' });
/** ISO 8601 with an offset, as .NET writes a DateTimeOffset: the times the edit API takes. */
const Time = TimestampInput;
const BonusField = Type.Integer({ minimum: 0, maximum: bloodBonusFieldMax });
/** GamePermission flags by name; `All` and `None` stand alone. */
const Permissions = Type.Array(Type.String());

export const Manifest = Type.Object({
  format: Type.Literal(packageFormat.format),
  version: Type.String(),
  exportedAt: Optional(Time),
  exporterVersion: Optional(Type.String()),
  game: Optional(Type.Object({ id: Type.Integer(), title: Type.String() })),
  statistics: Optional(
    Type.Object({
      challengeCount: Type.Integer(),
      divisionCount: Type.Integer(),
      totalFlags: Type.Integer(),
      totalFiles: Type.Integer(),
      totalFileSize: Type.Integer(),
    }),
  ),
});
export type Manifest = Static<typeof Manifest>;

export const PackageDivision = Type.Object({
  name: AuthoredField.divisionName,
  inviteCode: Optional(AuthoredField.inviteCode),
  defaultPermissions: Optional(Permissions),
  challengeConfig: Optional(
    Type.Array(Type.Object({ challengeId: Type.Integer(), permissions: Optional(Permissions) })),
  ),
});
export type PackageDivision = Static<typeof PackageDivision>;

export const PackageGame = Type.Object({
  title: AuthoredField.title,
  summary: Optional(AuthoredField.markdown),
  content: Optional(AuthoredField.markdown),
  hidden: Optional(Type.Boolean()),
  practiceMode: Optional(Type.Boolean()),
  acceptWithoutReview: Optional(Type.Boolean()),
  inviteCode: Optional(AuthoredField.inviteCode),
  teamMemberCountLimit: Optional(AuthoredField.countLimit),
  containerCountLimit: Optional(AuthoredField.countLimit),
  startTime: Time,
  endTime: Time,
  writeup: Optional(
    Type.Object({ required: Type.Boolean(), deadline: Time, note: Optional(AuthoredField.markdown) }),
  ),
  /** Per mille. */
  bloodBonus: Optional(
    Type.Object({
      first: BonusField,
      second: BonusField,
      third: BonusField,
    }),
  ),
  posterHash: Optional(Hash),
  divisions: Optional(Type.Array(PackageDivision)),
});
export type PackageGame = Static<typeof PackageGame>;

/** A file of the package's files/ folder by its hash, or a link. */
const PackageAttachment = Type.Union([
  Type.Object({
    type: Type.Literal('Local'),
    hash: Hash,
    /** The name it is downloaded as. */
    fileName: Type.String({ minLength: 1, maxLength: 255 }),
    fileSize: Optional(Type.Integer({ minimum: 0 })),
  }),
  Type.Object({
    type: Type.Literal('Remote'),
    remoteUrl: Type.String({ minLength: 1 }),
    fileName: Optional(Type.String()),
  }),
  Type.Object({ type: Type.Literal('None') }),
]);
export type PackageAttachment = Static<typeof PackageAttachment>;

export const PackageChallenge = Type.Object({
  /** Its id on the exporting server: division configs name it. */
  id: Type.Integer(),
  title: AuthoredField.title,
  content: Optional(AuthoredField.markdown),
  category: ChallengeCategory,
  type: ChallengeType,
  enabled: Optional(Type.Boolean()),
  scoring: Optional(
    Type.Object({
      original: AuthoredField.originalScore,
      minRate: AuthoredField.minScoreRate,
      difficulty: AuthoredField.difficulty,
    }),
  ),
  limits: Optional(Type.Object({ submission: AuthoredField.submissionLimit, deadline: Optional(Time) })),
  flags: Optional(
    Type.Object({
      disableBloodBonus: Optional(Type.Boolean()),
      enableTrafficCapture: Optional(Type.Boolean()),
      template: Optional(AuthoredField.flagTemplate),
      static: Optional(
        Type.Array(
          Type.Object({
            value: AuthoredField.flag,
            attachment: Optional(PackageAttachment),
          }),
        ),
      ),
    }),
  ),
  attachment: Optional(PackageAttachment),
  hints: Optional(Type.Array(AuthoredField.markdown)),
  /** Pennon's titled hints, free or with a cost (GZ::CTF has none). */
  costedHints: Optional(Type.Array(Type.Object({ ...HintInput.properties, releaseTime: Optional(Time) }))),
  /** Pennon's staged release: when it opens, and the challenges (by their `id` here) a team solves first. */
  releaseAt: Optional(Time),
  prerequisites: Optional(Type.Array(Type.Integer(), { maxItems: 100 })),
  container: Optional(
    Type.Object({
      image: Type.String(),
      memoryLimit: AuthoredField.memoryLimit,
      cpuCount: AuthoredField.cpuCount,
      storageLimit: AuthoredField.storageLimit,
      exposePort: AuthoredField.exposePort,
      fileName: Optional(AuthoredField.fileName),
      networkMode: Optional(NetworkMode),
    }),
  ),
  /** The download name of a dynamic attachment (ours: GZ::CTF keeps it for containers only). */
  fileName: Optional(AuthoredField.fileName),
});
export type PackageChallenge = Static<typeof PackageChallenge>;

const permissionNames = Object.entries(GamePermission).filter(([name]) => name !== 'All') as [
  string,
  number,
][];

/** Flags as GZ::CTF writes them: `All`, `None`, or the name of each flag set. */
export const permissionsToNames = (permissions: number): string[] => {
  if (permissions === GamePermission.All) return ['All'];
  if (permissions === 0) return ['None'];
  return permissionNames.filter(([, flag]) => (permissions & flag) === flag).map(([name]) => name);
};

/** The flags of a list of names; names it does not know are left out, as GZ::CTF does. */
export const namesToPermissions = (names: string[] | null | undefined): number => {
  if (!names || names.length === 0) return 0;
  if (names.includes('All')) return GamePermission.All;
  if (names.includes('None')) return 0;
  return permissionNames.reduce((flags, [name, flag]) => (names.includes(name) ? flags | flag : flags), 0);
};

/** Blood bonus per mille, packed as GameInfoModel holds it (§4.2). */
export const packBloodBonus = (bonus: PackageGame['bloodBonus']): number =>
  bonus ? bonus.first * 2 ** 20 + bonus.second * 2 ** 10 + bonus.third : 0;

export const unpackBloodBonus = (packed: number): PackageGame['bloodBonus'] =>
  packed === 0
    ? null
    : { first: Math.floor(packed / 2 ** 20) & 0x3ff, second: (packed >> 10) & 0x3ff, third: packed & 0x3ff };

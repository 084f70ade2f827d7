// The game package of export and import (§2.5): a .zip holding manifest.json, game.json, one
// challenges/challenge-{id}.json per challenge and files/{hash} for every local file they use. Our own schema of the
// layout GZ::CTF names (its JSON was not transcribed): what a package must hold to make the same game again.
import {
  ChallengeCategory,
  ChallengeType,
  ChallengeUpdateModel,
  DivisionCreateModel,
  GameInfoInput,
} from '@pennon/sdk/contract';
import Type, { type Static } from 'typebox';

export const packageFormat = { format: 'GZCTF-GAME', version: '1.0' } as const;

export const Manifest = Type.Object({
  format: Type.Literal(packageFormat.format),
  version: Type.Literal(packageFormat.version),
  exportedAt: Type.Integer(),
  stats: Type.Object({ challenges: Type.Integer(), flags: Type.Integer(), files: Type.Integer() }),
});
export type Manifest = Static<typeof Manifest>;

/** A file of the package's files/ folder, by the hash it is stored under; or a link. */
const PackageAttachment = Type.Union([
  Type.Object({
    type: Type.Literal('Local'),
    hash: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    /** The name it is downloaded as. */
    name: Type.String({ minLength: 1, maxLength: 255 }),
  }),
  Type.Object({ type: Type.Literal('Remote'), url: Type.String({ minLength: 1 }) }),
]);
export type PackageAttachment = Static<typeof PackageAttachment>;

export const PackageGame = Type.Object({
  game: GameInfoInput,
  /** The poster in files/, if any. */
  poster: Type.Union([Type.String({ pattern: '^[0-9a-f]{64}$' }), Type.Null()]),
  /** Their challenge configs name challenges by their id in this package. */
  divisions: Type.Array(DivisionCreateModel),
});
export type PackageGame = Static<typeof PackageGame>;

export const PackageChallenge = Type.Object({
  /** Its id in this package (the exporting server's). */
  id: Type.Integer(),
  title: Type.String({ minLength: 1 }),
  category: ChallengeCategory,
  type: ChallengeType,
  isEnabled: Type.Boolean(),
  /** Everything else the challenge editor sets. */
  settings: ChallengeUpdateModel,
  attachment: Type.Union([PackageAttachment, Type.Null()]),
  flags: Type.Array(
    Type.Object({
      flag: Type.String({ minLength: 1, maxLength: 127 }),
      attachment: Type.Union([PackageAttachment, Type.Null()]),
    }),
  ),
});
export type PackageChallenge = Static<typeof PackageChallenge>;

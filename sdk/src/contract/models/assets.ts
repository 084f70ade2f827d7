// Models of the assets group (§2.4): content-addressed files.
import Type, { type Static } from 'typebox';

/** A blob's SHA-256: 64 lower-case hex characters. */
export const Sha256Hex = Type.String({ pattern: '^[0-9a-f]{64}$' });

/** A stored file: its content hash and its name. It is served at `/assets/{hash}/{name}`. */
export const LocalFile = Type.Object({ hash: Sha256Hex, name: Type.String() }, { title: 'LocalFile' });
export type LocalFile = Static<typeof LocalFile>;

// Team hashes of dynamic flags (§4.8): the per-game salt and each team's [TEAM_HASH]. The templates themselves
// (renderFlag, isValidTemplate) are shared rules in @pennon/sdk/contract.
import { createHash } from 'node:crypto';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The per-game salt of team hashes, from the game's private key exactly as stored. */
export const hashSalt = (storedPrivateKey: string): string => sha256Hex(`GZCTF@${storedPrivateKey}@PK`);

/** 12 hex digits tying a team (its participation token) to one challenge of a game. */
export const teamHash = (salt: string, challengeId: number, participationToken: string): string =>
  sha256Hex(`${sha256Hex(`${salt}::${challengeId}`)}::${participationToken}`).slice(12, 24);

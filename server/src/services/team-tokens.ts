// Participation tokens (§4.5): `{teamId}:{base64 Ed25519 signature of "GZCTF_TEAM_{teamId}"}` by a game's key.
// Only checking lives here; signing comes with games.
import { createPublicKey, verify } from 'node:crypto';
import type { SignatureVerifyModel } from '@pennon/sdk/contract';
import { DomainError } from '../errors/domain-error.ts';

export const signedText = (teamId: number): string => `GZCTF_TEAM_${teamId}`;

/** Throws 400 for a malformed key or token and 401 when the signature doesn't match. */
export const verifyTeamToken = ({ teamToken, publicKey }: SignatureVerifyModel): void => {
  const key = Buffer.from(publicKey, 'base64');
  if (key.length !== 32) throw new DomainError(400, 'The public key must be 32 bytes of base64');
  const separator = teamToken.indexOf(':');
  const idText = teamToken.slice(0, separator);
  if (separator < 0 || !/^\d{1,10}$/.test(idText)) {
    throw new DomainError(400, 'The team token must be {teamId}:{signature}');
  }
  const signature = Buffer.from(teamToken.slice(separator + 1), 'base64');
  const ed25519 = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: key.toString('base64url') },
    format: 'jwk',
  });
  if (!verify(null, Buffer.from(signedText(Number(idText))), ed25519, signature)) {
    throw new DomainError(401, 'The signature does not match');
  }
};

// Passkeys (WebAuthn) by @simplewebauthn/server: the challenges to create and use them, and the checks of what the
// browser answers. The relying party is the platform's public origin (public-origin.ts), never a Host header. A
// passkey signs in alone only when it verified its user (a PIN, a fingerprint): two factors in one; as a second
// factor after a password, its presence is enough.

import type {
  PasskeyAssertion,
  PasskeyAttestation,
  PasskeyCreationOptions,
  PasskeyInfo,
  PasskeyRequestOptions,
} from '@pennon/sdk/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PasskeysTable } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { publicOrigin } from './public-origin.ts';

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

const isIpAddress = (hostname: string): boolean => /^[\d.]+$/.test(hostname) || hostname.startsWith('[');

/** The relying party passkeys are bound to, or undefined when the platform's address can't have passkeys. */
export const relyingPartyOf = (
  publicUrl: string | undefined,
  requestOrigin: string,
  name: string,
): RelyingParty | undefined => {
  const origin = publicOrigin(publicUrl, requestOrigin);
  if (!origin) return undefined;
  // Browsers bind passkeys to a domain name: an IP address can't be a relying party.
  const { hostname } = new URL(origin);
  return isIpAddress(hostname) ? undefined : { id: hostname, origin, name };
};

/** As relyingPartyOf, or 400 saying what an admin must set. */
export const requireRelyingParty = (rp: RelyingParty | undefined): RelyingParty => {
  if (!rp) {
    throw new DomainError(
      400,
      'Passkeys need the platform to be opened at a domain name: an administrator must set PENNON_PUBLIC_URL',
    );
  }
  return rp;
};

const toInfo = (row: Selectable<PasskeysTable>): PasskeyInfo => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  backedUp: row.backed_up === 1,
});

/** A GUID's 16 bytes: the user handle authenticators keep (no name or address in it). */
const userHandle = (userId: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'));

export class PasskeyStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async list(userId: string): Promise<PasskeyInfo[]> {
    const rows = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return rows.map(toInfo);
  }

  private async credentials(userId: string) {
    const rows = await this.db
      .selectFrom('passkeys')
      .select(['id', 'transports'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => ({ id: row.id, transports: JSON.parse(row.transports) as string[] }));
  }

  /** What the browser needs to create a passkey for the user; `challenge` is to be kept for `register`. */
  async creationOptions(
    rp: RelyingParty,
    user: { id: string; userName: string },
  ): Promise<PasskeyCreationOptions> {
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.userName,
      userID: userHandle(user.id),
      attestationType: 'none',
      // One passkey per authenticator: it can't be added twice.
      excludeCredentials: await this.credentials(user.id),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    return options as PasskeyCreationOptions;
  }

  /** Checks a new passkey against the challenge and keeps it; 400 when it doesn't hold. */
  async register(
    rp: RelyingParty,
    userId: string,
    name: string,
    response: PasskeyAttestation,
    challenge: string,
  ): Promise<PasskeyInfo> {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // A security key without a PIN still serves as a second factor.
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const }));
    if (!verification.verified) throw new DomainError(400, 'The passkey could not be verified');
    const { credential, credentialBackedUp } = verification.registrationInfo;
    const row = {
      id: credential.id,
      user_id: userId,
      name,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      backed_up: credentialBackedUp ? 1 : 0,
      created_at: this.now(),
      last_used_at: null,
    };
    const taken = await this.db
      .selectFrom('passkeys')
      .select('id')
      .where('id', '=', row.id)
      .executeTakeFirst();
    if (taken) throw new DomainError(400, 'This passkey is already registered');
    await this.db.insertInto('passkeys').values(row).execute();
    return toInfo(row);
  }

  /** A challenge for a passkey: the user's own (a second factor), or any discoverable one (a sign-in). */
  async requestOptions(rp: RelyingParty, userId: string | null): Promise<PasskeyRequestOptions> {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      ...(userId && { allowCredentials: await this.credentials(userId) }),
      userVerification: userId ? 'preferred' : 'required',
    });
    return options as PasskeyRequestOptions;
  }

  /**
   * The user whose passkey signed the challenge, or null. `userId` limits it to that user's passkeys (a second
   * factor), else the passkey must have verified its user. The signature counter must go up (a cloned key doesn't).
   */
  async authenticate(
    rp: RelyingParty,
    response: PasskeyAssertion,
    challenge: string,
    userId: string | null,
  ): Promise<string | null> {
    const row = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('id', '=', response.id)
      .executeTakeFirst();
    if (!row || (userId && row.user_id !== userId)) return null;
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.id,
        publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
        counter: row.counter,
        transports: JSON.parse(row.transports) as string[],
      },
      requireUserVerification: userId === null,
    }).catch(() => undefined);
    if (!verification?.verified) return null;
    await this.db
      .updateTable('passkeys')
      .set({
        counter: verification.authenticationInfo.newCounter,
        backed_up: verification.authenticationInfo.credentialBackedUp ? 1 : 0,
        last_used_at: this.now(),
      })
      .where('id', '=', row.id)
      .execute();
    return row.user_id;
  }

  /** Renames one of the user's passkeys; undefined when the user has none by that id. */
  async rename(userId: string, id: string, name: string): Promise<PasskeyInfo | undefined> {
    const row = await this.db
      .updateTable('passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    return row && toInfo(row);
  }

  /** Removes one of the user's passkeys; false when the user has none by that id. */
  async remove(userId: string, id: string): Promise<boolean> {
    const { numDeletedRows } = await this.db
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return numDeletedRows === 1n;
  }

  async removeAll(userId: string, db: Kysely<Database> = this.db): Promise<void> {
    await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
  }
}

// API tokens (§1.2, §2.3): `base64url(JSON {jti, iat, exp?}) + "." + base64url(Ed25519 signature of that string)`,
// signed with a platform key generated once. The database keeps only the token's id and state, never the token.
// A token acts as its creator, with the creator's current role. A token issued by a request that a token
// authenticated records that minter: it may not issue tokens itself, and revoking or deleting a token revokes every
// token minted from it, so a leaked admin token cannot leave copies behind. A revocation or deletion is told to every
// process through the live bus, whose hubs close the connections the revoked tokens opened.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
  sign,
  verify,
} from 'node:crypto';
import type { ApiToken, ApiTokenCreateModel, ApiTokenResponse } from '@pennon/sdk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { ApiTokensTable, Database } from '../db/schema.ts';
import type { LiveBus } from '../live/bus.ts';
import type { PlatformSecrets } from './platform-secrets.ts';
import type { Caller } from './sessions.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** Uses closer together than this don't write `last_used_at` again. */
const useIntervalMs = 5000;

interface Payload {
  jti: string;
  iat: number;
  exp?: number;
}

type TokenRow = Selectable<ApiTokensTable> & { creator: string | null };

const toApiToken = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  creatorId: row.creator_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
  isRevoked: row.is_revoked === 1,
  creator: row.creator,
});

/** A bearer token that was accepted, and the token that minted it (null: a session issued it). */
export interface TokenIdentity {
  id: string;
  mintedBy: string | null;
}

/** Revokes the tokens minted from `id`, and those minted from them, down every generation. */
const revokeMintedFrom = async (db: Kysely<Database>, id: string): Promise<void> => {
  await db
    .withRecursive('minted(id)', (cte) =>
      cte
        .selectFrom('api_tokens')
        .select('id')
        .where('minted_by', '=', id)
        .union(
          cte
            .selectFrom('api_tokens')
            .innerJoin('minted', 'minted.id', 'api_tokens.minted_by')
            .select('api_tokens.id'),
        ),
    )
    .updateTable('api_tokens')
    .set({ is_revoked: 1 })
    .where('id', 'in', (eb) => eb.selectFrom('minted').select('minted.id'))
    .execute();
};

export type TokenCheck = { caller: Caller; token: TokenIdentity } | { failure: string };

export class ApiTokenService {
  private keys: Promise<{ privateKey: KeyObject; publicKey: KeyObject }> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: PlatformSecrets,
    private readonly now: () => number = Date.now,
    private readonly bus?: LiveBus,
  ) {}

  /** `mintedBy`: the token that authenticated the issuing request, if one did. */
  async create(
    creatorId: string,
    model: ApiTokenCreateModel,
    mintedBy: string | null = null,
  ): Promise<ApiTokenResponse> {
    const now = this.now();
    const id = randomUUID();
    const expiresAt = model.expiresIn && model.expiresIn > 0 ? now + model.expiresIn * dayMs : null;
    await this.db
      .insertInto('api_tokens')
      .values({
        id,
        name: model.name,
        creator_id: creatorId,
        created_at: now,
        expires_at: expiresAt,
        minted_by: mintedBy,
      })
      .execute();
    const payload: Payload = {
      jti: id,
      iat: Math.floor(now / 1000),
      ...(expiresAt !== null && { exp: Math.floor(expiresAt / 1000) }),
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const signature = sign(null, Buffer.from(body), (await this.keyPair()).privateKey).toString('base64url');
    return { token: `${body}.${signature}`, info: (await this.find(id)) as ApiToken };
  }

  async list(): Promise<ApiToken[]> {
    const rows = await this.rows().orderBy('api_tokens.created_at').orderBy('api_tokens.id').execute();
    return rows.map(toApiToken);
  }

  /**
   * Revoking also revokes every token minted from this one; restoring restores this one only.
   * 404 without a body (§2.3) is the caller's to send when this answers false.
   */
  async setRevoked(id: string, revoked: boolean): Promise<boolean> {
    const found = await this.db.transaction().execute(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable('api_tokens')
        .set({ is_revoked: revoked ? 1 : 0 })
        .where('id', '=', id)
        .executeTakeFirst();
      if (revoked && numUpdatedRows > 0n) await revokeMintedFrom(trx, id);
      return numUpdatedRows > 0n;
    });
    if (revoked && found) this.#revoked(id);
    return found;
  }

  /** Deletes the token and revokes every token minted from it. */
  async delete(id: string): Promise<boolean> {
    const found = await this.db.transaction().execute(async (trx) => {
      await revokeMintedFrom(trx, id);
      const { numDeletedRows } = await trx.deleteFrom('api_tokens').where('id', '=', id).executeTakeFirst();
      return numDeletedRows > 0n;
    });
    if (found) this.#revoked(id);
    return found;
  }

  /** Once committed: the token (and those minted from it) no longer speaks for anyone, in any process. */
  #revoked(id: string): void {
    this.bus?.publish({ hub: 'tokens', method: 'TokenRevoked', payload: id });
  }

  /** The creator a bearer token acts for, or why it is refused. Records the use (throttled). */
  async authenticate(token: string): Promise<TokenCheck> {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return { failure: 'malformed' };
    const { publicKey } = await this.keyPair();
    if (!verify(null, Buffer.from(body), publicKey, Buffer.from(signature, 'base64url'))) {
      return { failure: 'bad signature' };
    }
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Payload;
    } catch {
      return { failure: 'malformed' };
    }
    const row = await this.#live(String(payload.jti));
    if ('failure' in row) return row;
    const now = this.now();
    if (row.last_used_at === null || now - row.last_used_at >= useIntervalMs) {
      await this.db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
    }
    return {
      caller: { id: row.user_id, userName: row.user_name, role: row.role },
      token: { id: row.id, mintedBy: row.minted_by },
    };
  }

  /** The caller a token speaks for now, read from the database: null once it is revoked, deleted or expired. */
  async current(id: string): Promise<Caller | null> {
    const row = await this.#live(id);
    return 'failure' in row ? null : { id: row.user_id, userName: row.user_name, role: row.role };
  }

  /** The token's row with its creator, or why it speaks for nobody. */
  async #live(id: string) {
    const row = await this.db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.creator_id')
      .select([
        'api_tokens.id',
        'api_tokens.expires_at',
        'api_tokens.last_used_at',
        'api_tokens.is_revoked',
        'api_tokens.minted_by',
        'users.id as user_id',
        'users.user_name',
        'users.role',
      ])
      .where('api_tokens.id', '=', id)
      .executeTakeFirst();
    if (!row) return { failure: 'unknown token' };
    if (row.is_revoked === 1) return { failure: 'revoked' };
    if (row.expires_at !== null && row.expires_at <= this.now()) return { failure: 'expired' };
    return row;
  }

  private async find(id: string): Promise<ApiToken | undefined> {
    const row = await this.rows().where('api_tokens.id', '=', id).executeTakeFirst();
    return row && toApiToken(row);
  }

  private rows() {
    return this.db
      .selectFrom('api_tokens')
      .leftJoin('users', 'users.id', 'api_tokens.creator_id')
      .selectAll('api_tokens')
      .select('users.user_name as creator');
  }

  private keyPair() {
    this.keys ??= this.secrets
      .get('api-token-signing-key', () =>
        generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      )
      .then((der) => {
        const privateKey = createPrivateKey({
          key: Buffer.from(der, 'base64'),
          format: 'der',
          type: 'pkcs8',
        });
        return { privateKey, publicKey: createPublicKey(privateKey) };
      });
    return this.keys;
  }
}

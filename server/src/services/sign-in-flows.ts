// A sign-in under way, between the requests that make it: a provider's round trip, a second factor to answer, a
// second factor to set up. The browser holds a random token in a cookie; the database keeps its SHA-256, the stage
// and what the stage needs, so every server process behind a load balancer can carry it on. A flow lives 10
// minutes; one that finished stays (used) until then, so an answer sent again is recognised as a replay.
import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export const flowLifetimeMs = 10 * 60 * 1000;
/** Wrong codes (or passwords) one flow allows; the next sign-in starts from the password again. */
export const attemptsPerFlow = 5;
/** Wrong codes one account allows across its flows of the last `flowLifetimeMs`. */
export const attemptsPerUser = 10;

/** Where a signed-in browser is sent back: a path of this platform, never another site. */
export type ReturnPath = string;

export type FlowState =
  /** Sent to a provider; `linkTo` is the signed-in user linking it, null for a sign-in. */
  | {
      stage: 'oidc';
      provider: string;
      state: string;
      nonce: string;
      verifier: string;
      redirectUri: string;
      from: ReturnPath;
      linkTo: string | null;
    }
  /** Back from a provider with an identity no account has yet: it registers or links one. */
  | {
      stage: 'external';
      provider: string;
      subject: string;
      email: string | null;
      proposedUserName: string;
      from: ReturnPath;
    }
  /** The password (or provider) was right: the user's second factor is asked for. */
  | { stage: 'factor'; from: ReturnPath; challenge: string | null }
  /** A second factor being set up: before a sign-in that needs one (`signsIn`), or from the profile. */
  | {
      stage: 'enrol';
      from: ReturnPath;
      signsIn: boolean;
      totpSecret: string | null;
      challenge: string | null;
    }
  /** A passkey sign-in's challenge, before anyone is known. */
  | { stage: 'passkey'; challenge: string };

export type Stage = FlowState['stage'];

export interface Flow<S extends FlowState = FlowState> {
  id: string;
  userId: string | null;
  state: S;
  attempts: number;
  expired: boolean;
  used: boolean;
}

const hashToken = (token: string): string => hash('sha256', token, 'hex');

export class SignInFlows {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new flow; answers the token for the browser's cookie. */
  async start(state: FlowState, userId: string | null = null): Promise<string> {
    const now = this.now();
    const token = randomBytes(32).toString('base64url');
    // Flows gone past their end are swept here rather than by a timer, as sessions are.
    await this.db.deleteFrom('sign_in_flows').where('expires_at', '<=', now).execute();
    await this.db
      .insertInto('sign_in_flows')
      .values({
        id: hashToken(token),
        user_id: userId,
        stage: state.stage,
        data: JSON.stringify(state),
        created_at: now,
        expires_at: now + flowLifetimeMs,
      })
      .execute();
    return token;
  }

  /** The flow a cookie's token names, expired or used ones included (their errors say so). */
  async find(token: string | undefined): Promise<Flow | undefined> {
    if (!token) return undefined;
    const row = await this.db
      .selectFrom('sign_in_flows')
      .selectAll()
      .where('id', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      userId: row.user_id,
      state: JSON.parse(row.data) as FlowState,
      attempts: row.attempts,
      expired: row.expires_at <= this.now(),
      used: row.used_at !== null,
    };
  }

  /** The live flow of a token at `stage`, or undefined. */
  async live<S extends Stage>(
    token: string | undefined,
    stage: S,
  ): Promise<Flow<Extract<FlowState, { stage: S }>> | undefined> {
    const flow = await this.find(token);
    if (!flow || flow.expired || flow.used || flow.state.stage !== stage) return undefined;
    return flow as Flow<Extract<FlowState, { stage: S }>>;
  }

  /**
   * Moves the flow from the stage it was read at to `next`, once: of two requests racing (a provider's answer sent
   * twice), one moves it and the other gets false. The flow lives on for another `flowLifetimeMs`.
   */
  async advance(flow: Flow, next: FlowState, userId: string | null = flow.userId): Promise<boolean> {
    const now = this.now();
    const { numUpdatedRows } = await this.db
      .updateTable('sign_in_flows')
      .set({
        stage: next.stage,
        data: JSON.stringify(next),
        user_id: userId,
        expires_at: now + flowLifetimeMs,
      })
      .where('id', '=', flow.id)
      .where('stage', '=', flow.state.stage)
      .where('data', '=', JSON.stringify(flow.state))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return numUpdatedRows === 1n;
  }

  /** Ends the flow, once (false when another request ended it first). */
  async finish(flow: Flow): Promise<boolean> {
    const now = this.now();
    const { numUpdatedRows } = await this.db
      .updateTable('sign_in_flows')
      .set({ used_at: now })
      .where('id', '=', flow.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return numUpdatedRows === 1n;
  }

  /** Counts a wrong code against the flow; answers the flow's count so far. */
  async failed(flow: Flow): Promise<number> {
    await this.db
      .updateTable('sign_in_flows')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', flow.id)
      .execute();
    return flow.attempts + 1;
  }

  /** Wrong codes entered for the user in flows still live: restarting the sign-in doesn't reset them. */
  async recentFailures(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('sign_in_flows')
      .select((eb) => eb.fn.sum<number | string | null>('attempts').as('total'))
      .where('user_id', '=', userId)
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** When the user's oldest flow with wrong codes ends, in ms from now: how long a locked account waits. */
  async lockedFor(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('sign_in_flows')
      .select((eb) => eb.fn.min('expires_at').as('until'))
      .where('user_id', '=', userId)
      .where('attempts', '>', 0)
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    return Math.max(0, Number(row?.until ?? 0) - this.now());
  }
}

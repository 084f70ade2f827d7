// The schemas of every endpoint, keyed as the route table: `schemas.game.submit` holds what `routes.game.submit`
// is validated, documented and typed by. Only the server (and tests) load this at runtime.
import type { routes } from '../routes/index.ts';
import { account } from './account.ts';
import { admin } from './admin.ts';
import { assets } from './assets.ts';
import { edit } from './edit.ts';
import { game } from './game.ts';
import { info } from './info.ts';
import { proxy } from './proxy.ts';
import { team } from './team.ts';
import { tokens } from './tokens.ts';

/**
 * The TypeBox schemas of every endpoint, keyed as {@link routes}: what the server validates and
 * documents each call by. Loads TypeBox; a client that only calls the API does not need it.
 */
export const schemas = { account, admin, tokens, assets, edit, game, info, proxy, team } as const;

type Routes = typeof routes;
type Schemas = typeof schemas;
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
  ? true
  : false;
type Assert<T extends true> = T;

/** Compile-time check: the groups, and the endpoints of each group, are the same in `routes` and `schemas`. */
export type ContractKeysMatch = Assert<
  SameKeys<Routes, Schemas> extends true
    ? { [G in keyof Routes & keyof Schemas]: SameKeys<Routes[G], Schemas[G]> }[keyof Routes & keyof Schemas]
    : false
>;

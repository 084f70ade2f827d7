// The route table: every endpoint of gzctf-api.md §2, grouped as the spec groups them. Runtime fields only:
// the schemas are in ../schemas (types only here), so a client bundles no TypeBox through it.
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
 * GZ::CTF's route table: every endpoint of its API by group (`routes.game.submit`), with its method,
 * path, access and schemas' types. Pennon's own groups are beside it (`signInRoutes`, `webhooksRoutes`, …).
 */
export const routes = { account, admin, tokens, assets, edit, game, info, proxy, team } as const;

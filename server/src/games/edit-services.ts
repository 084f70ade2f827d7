// The edit API's services over one database handle, for game import and export: the pool, or an import's
// transaction with a file store on it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FileStore } from '../storage/file-store.ts';
import { ChallengeService } from './challenges.ts';
import { DivisionService } from './divisions.ts';
import type { GameKeys } from './game-keys.ts';
import { GameService } from './games.ts';

export const editServices = (db: Kysely<Database>, keys: GameKeys, files: FileStore) => {
  const challenges = new ChallengeService(db, files);
  return {
    challenges,
    games: new GameService(db, keys, files, challenges),
    divisions: new DivisionService(db),
  };
};

export type EditServices = ReturnType<typeof editServices>;

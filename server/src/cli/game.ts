// `pennon game export|import`: the admin API's game packages (game-transfer.ts), from the command line.
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GameKeys } from '../games/game-keys.ts';
import { GameTransfer, packageLimit } from '../games/game-transfer.ts';
import { PlatformSecrets } from '../services/platform-secrets.ts';
import type { Settings } from '../settings.ts';
import { FileStore } from '../storage/file-store.ts';
import { LocalDiskBlobStore } from '../storage/local-disk.ts';
import { CliError, type Command, UsageError, withDatabase } from './command.ts';

const withTransfer = (settings: Settings, work: (transfer: GameTransfer) => Promise<void>) =>
  withDatabase(settings, ({ db }) => {
    const files = new FileStore(db, new LocalDiskBlobStore(path.join(settings.dataDir, 'uploads')));
    return work(new GameTransfer(db, files, new GameKeys(new PlatformSecrets(db))));
  });

export const gameExportCommand: Command = {
  name: 'game export',
  args: 'ID [--out FILE]',
  summary: 'write a game as a package (.zip), as the admin API exports it',
  help: ['Without --out the package is written to the current directory under its usual name.'],
  options: { out: { type: 'string', short: 'o' } },
  positionals: ['ID'],
  run: async ({ values, positionals: [id = ''], settings }) => {
    if (!/^\d+$/.test(id)) throw new UsageError(`the game ID is a number, not ${id}`);
    await withTransfer(settings, async (transfer) => {
      const { fileName, body } = await transfer.export(Number(id));
      // The name comes from the game's title: no folder of it is one to write into.
      const out = typeof values.out === 'string' ? values.out : fileName.replace(/[/\\]/g, '_');
      await writeFile(out, body);
      console.log(`Exported game ${id} to ${out}`);
    });
  },
};

export const gameImportCommand: Command = {
  name: 'game import',
  args: 'FILE',
  summary: 'create a new game from a package (ours or GZ::CTF’s)',
  help: [],
  options: {},
  positionals: ['FILE'],
  run: async ({ positionals: [file = ''], settings }) => {
    const { size } = await stat(file).catch((err: NodeJS.ErrnoException) => {
      throw new CliError(`Cannot read ${file}: ${err.code ?? err.message}`);
    });
    if (size > packageLimit) throw new CliError(`${file} is larger than a game package may be`);
    await withTransfer(settings, async (transfer) => {
      console.log(`Imported ${file} as game ${await transfer.import(file)}`);
    });
  },
};

// Large uploads (game packages) are streamed into `{dataDir}/scratch`, never the system's temporary directory (often
// a RAM-backed tmpfs), and removed after; what a killed process left there is swept at the next start.
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, watch } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from './games/helpers.ts';
import { asUser } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { sqlite } from './support/databases.ts';
import { multipart } from './support/multipart.ts';

describe('the upload scratch directory', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-scratch-'));
  const scratch = path.join(dataDir, 'scratch');
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // One upload a process killed two days ago, one that another process may still be reading.
    mkdirSync(path.join(scratch, 'upload-killed'), { recursive: true });
    mkdirSync(path.join(scratch, 'upload-reading'));
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(path.join(scratch, 'upload-killed'), twoDaysAgo, twoDaysAgo);
    t = await startTestApp(sqlite, { PENNON_DATA_DIR: dataDir });
    admin = await signInAdmin(t.app, t.connection.db);
  });
  afterAll(async () => t?.close());

  it('sweeps what a killed process left at start, and keeps what another may be reading', () => {
    expect(readdirSync(scratch)).toEqual(['upload-reading']);
  });

  it('holds an imported package there only while it is read', async () => {
    const watcher = watch(scratch);
    const written = new Promise<string>((resolve) =>
      watcher.on('change', (_, name) => {
        if (String(name).startsWith('upload-') && name !== 'upload-reading') resolve(String(name));
      }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/edit/games/import',
      ...multipart([{ field: 'file', name: 'game.zip', data: Buffer.from('not a zip at all') }]),
      ...asUser(admin),
    });
    expect(res.statusCode, res.body).toBe(400);
    await written;
    watcher.close();
    expect(readdirSync(scratch)).toEqual(['upload-reading']);
  });
});

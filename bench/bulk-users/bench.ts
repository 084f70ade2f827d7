// A 10,000-user sheet imported on SQLite through the real route (issue #45: under 10 s): the dry run, the import
// (with generated passwords, four users a team) and the same sheet again (all updates). See README.md beside this file.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app.ts';
import { connect, migrate } from '../../server/src/db/database.ts';
import { seedAdmin } from '../../server/src/services/admin-seed.ts';
import { readSettings } from '../../server/src/settings.ts';

const rows = Number(process.env.PENNON_BENCH_ROWS ?? 10_000);
const dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-bulk-'));
const settings = readSettings({
  PENNON_DATA_DIR: dir,
  PENNON_WEB_DIR: path.join(dir, 'no-web'),
  PENNON_DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`,
  PENNON_RATE_LIMIT_EXEMPT: 'loopback',
  PENNON_LOG_LEVEL: 'warn',
});
const connection = connect(settings.databaseUrl, { synchronous: settings.sqliteSynchronous });
await migrate(connection.db);
const app = await buildApp({ settings, connection });
await seedAdmin(connection.db, { password: 'Bench2024x', announce: () => {} });
const signIn = await app.inject({
  method: 'POST',
  url: '/api/account/login',
  payload: { userName: 'admin', password: 'Bench2024x' },
});
const cookies = Object.fromEntries(signIn.cookies.map((cookie) => [cookie.name, cookie.value]));

const sheet = [
  'userName,email,realName,stdNumber,team',
  ...Array.from(
    { length: rows },
    (_, i) => `user${i},user${i}@example.com,User ${i},S${i},team${Math.floor(i / 4)}`,
  ),
].join('\r\n');
const boundary = 'pennonbench';
const payload = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\n` +
    `Content-Type: text/csv\r\n\r\n${sheet}\r\n--${boundary}--\r\n`,
);

const run = async (title: string, query: string) => {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/users/import${query}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    cookies,
    payload,
  });
  const seconds = (performance.now() - started) / 1000;
  if (res.statusCode !== 200) throw new Error(`${title}: ${res.statusCode} ${res.body}`);
  const { created, updated, teamsCreated, passwords } = res.json();
  console.log(
    `${title.padEnd(16)} ${seconds.toFixed(2).padStart(6)} s  ` +
      `(${created} created, ${updated} updated, ${teamsCreated} teams created, ${passwords.length} passwords)`,
  );
};

console.log(`${rows} rows, ${(payload.length / 1024 / 1024).toFixed(2)} MiB of CSV, SQLite`);
await run('dry run', '?dryRun=true');
await run('import', '');
await run('import again', '');
await app.close();
rmSync(dir, { recursive: true, force: true });

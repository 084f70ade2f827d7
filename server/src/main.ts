// Starts the platform: settings from the environment, migrations, a first admin, then listen until a signal says stop.
import { mkdirSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { connect, describeDatabase, migrate } from './db/database.ts';
import { probeWrite } from './db/write-probe.ts';
import { chooseLogFormat, logOutput } from './log-output.ts';
import { checkPort } from './port-check.ts';
import { seedAdmin } from './services/admin-seed.ts';
import { seedDemo, wantsDemo } from './services/demo-seed.ts';
import { readSettings, SettingsError } from './settings.ts';
import { startFailure } from './start-failure.ts';

const settings = (() => {
  try {
    return readSettings();
  } catch (err) {
    if (!(err instanceof SettingsError)) throw err;
    console.error(`Pennon cannot start: ${err.message}`);
    process.exit(1);
  }
})();
/** A failed start says why in one line (no stack) and exits; what runs before seeding fails with nothing seeded. */
const cannotStart = (err: unknown): never => {
  const place = {
    database: describeDatabase(settings.databaseUrl),
    host: settings.host,
    port: settings.port,
  };
  console.error(`Pennon cannot start: ${startFailure(err, place)}`);
  process.exit(1);
};
const { connection, app } = await (async () => {
  mkdirSync(settings.dataDir, { recursive: true });
  const connection = connect(settings.databaseUrl, {
    synchronous: settings.sqliteSynchronous,
    quickCheck: settings.sqliteQuickCheck,
  });
  await migrate(connection.db);
  // A database that opens and is up to date may still refuse writes (read-only, locked by another process).
  await probeWrite(connection.db);
  await checkPort(settings.host, settings.port);
  const log = await logOutput(settings.logLevel, chooseLogFormat(settings.logFormat, process.stdout.isTTY));
  return { connection, app: await buildApp({ settings, connection, ...log }) };
})().catch(cannotStart);
for (const warning of settings.warnings) app.log.warn(warning);
const announce = (line: string) => console.log(`\n  ==> ${line}\n`);
const adminCreated = await seedAdmin(connection.db, {
  password: settings.adminPassword,
  announce,
}).catch(cannotStart);
const shown = settings.host === '0.0.0.0' || settings.host === '::' ? 'localhost' : settings.host;
// First start only: a demo game (the container engine is asked through the app's container service).
if (wantsDemo(adminCreated)) {
  await seedDemo({
    db: connection.db,
    dataDir: settings.dataDir,
    baseUrl: settings.publicUrl ?? `http://${shown}:${settings.port}`,
    containers: app.containers,
    announce,
  }).catch((err: unknown) => app.log.warn({ err }, 'the demo game could not be created'));
}

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ host: settings.host, port: settings.port }).catch(cannotStart);
const { port } = app.server.address() as { port: number };
app.log.info({ database: connection.describe, dataDir: settings.dataDir }, 'Pennon is ready');
console.log(`\n  Pennon is serving at http://${shown}:${port}/  (${connection.describe})\n`);

#!/usr/bin/env -S npx tsx
// Starts the platform: settings from the environment, migrations, a first admin, then listen until a signal says stop.
import { mkdirSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { connect, migrate } from './db/database.ts';
import { AdminSeedError, seedAdmin } from './services/admin-seed.ts';
import { seedDemo, wantsDemo } from './services/demo-seed.ts';
import { readSettings, SettingsError } from './settings.ts';

const settings = (() => {
  try {
    return readSettings();
  } catch (err) {
    if (!(err instanceof SettingsError)) throw err;
    console.error(`Pennon cannot start: ${err.message}`);
    process.exit(1);
  }
})();
mkdirSync(settings.dataDir, { recursive: true });
const connection = connect(settings.databaseUrl);
await migrate(connection.db);
const announce = (line: string) => console.log(`\n  ==> ${line}\n`);
let adminCreated = false;
try {
  adminCreated = await seedAdmin(connection.db, {
    password: settings.adminPassword,
    announce,
  });
} catch (err) {
  if (!(err instanceof AdminSeedError)) throw err;
  console.error(`Pennon cannot start: ${err.message}`);
  process.exit(1);
}
const app = await buildApp({ settings, connection, logger: { level: settings.logLevel } });
for (const warning of settings.warnings) app.log.warn(warning);
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

await app.listen({ host: settings.host, port: settings.port });
const { port } = app.server.address() as { port: number };
app.log.info({ database: connection.describe, dataDir: settings.dataDir }, 'Pennon is ready');
console.log(`\n  Pennon is serving at http://${shown}:${port}/  (${connection.describe})\n`);

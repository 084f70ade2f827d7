// Process settings, read once from the environment. Each variable and its default is documented in the README.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContainerPortMappingType } from '@pennon/sdk/contract';

export interface Settings {
  host: string;
  port: number;
  dataDir: string;
  /** `sqlite:<file>` or a `postgres://` URL. */
  databaseUrl: string;
  logLevel: string;
  /** The built web client; served with SPA fallback when it exists. */
  webDir: string;
  portMapping: ContainerPortMappingType;
  /** The password of the `admin` account created on first start; generated and shown once when unset. */
  adminPassword: string | undefined;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export class SettingsError extends Error {
  override name = 'SettingsError';
}

const readPort = (raw: string | undefined): number => {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SettingsError(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
};

const readPortMapping = (raw: string | undefined): ContainerPortMappingType => {
  if (raw === undefined || raw === '') return 'Default';
  const found = ContainerPortMappingType.enum.find((name) => name.toLowerCase() === raw.toLowerCase());
  if (!found) {
    throw new SettingsError(
      `PENNON_PORT_MAPPING must be one of ${ContainerPortMappingType.enum.join(', ')}, got "${raw}"`,
    );
  }
  return found;
};

export const readSettings = (env: NodeJS.ProcessEnv = process.env): Settings => {
  const dataDir = path.resolve(env.PENNON_DATA_DIR || './data');
  return {
    host: env.HOST || '0.0.0.0',
    port: readPort(env.PORT),
    dataDir,
    databaseUrl: env.PENNON_DATABASE_URL || `sqlite:${path.join(dataDir, 'pennon.db')}`,
    logLevel: env.PENNON_LOG_LEVEL || 'info',
    webDir: path.resolve(env.PENNON_WEB_DIR || path.join(repoRoot, 'web/dist')),
    portMapping: readPortMapping(env.PENNON_PORT_MAPPING),
    adminPassword: env.PENNON_ADMIN_PASSWORD || undefined,
  };
};

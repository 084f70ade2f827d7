// How each environment variable's value is read (settings.ts puts them together): its default, its checks, and the
// error naming the variable and what it takes.
import { CaptchaProvider, ContainerPortMappingType } from '@pennon/sdk/contract';
import type { SqliteSynchronous } from './db/database.ts';
import type { LogFormat } from './log-output.ts';
import { type ProxyTrust, trustAddresses, trustHops, trustNobody } from './proxy-trust.ts';

/** `*` for any origin, else the exact origins (`https://example.org`); none: no cross-origin answers. */
export type EmbedOrigins = '*' | readonly string[];

export interface EnvOidcProvider {
  /** `PENNON_OIDC_ISSUER`: the issuer URL its discovery document is found under. */
  issuer: string;
  /** `PENNON_OIDC_CLIENT_ID`. */
  clientId: string;
  /** `PENNON_OIDC_CLIENT_SECRET`; empty for a public client (PKCE alone). */
  clientSecret: string;
  /** `PENNON_OIDC_NAME`: the button's label. */
  name: string;
}

export class SettingsError extends Error {
  override name = 'SettingsError';
}

export const readPort = (raw: string | undefined): number => {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SettingsError(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
};

export const readMetricsPort = (raw: string | undefined): number | undefined => {
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SettingsError(`PENNON_METRICS_PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
};

export const readPortMapping = (raw: string | undefined): ContainerPortMappingType => {
  if (raw === undefined || raw === '') return 'Default';
  const found = ContainerPortMappingType.enum.find((name) => name.toLowerCase() === raw.toLowerCase());
  if (!found) {
    throw new SettingsError(
      `PENNON_PORT_MAPPING must be one of ${ContainerPortMappingType.enum.join(', ')}, got "${raw}"`,
    );
  }
  return found;
};

export const readCaptchaProvider = (raw: string | undefined): CaptchaProvider => {
  if (raw === undefined || raw === '') return 'None';
  const found = CaptchaProvider.enum.find((name) => name.toLowerCase() === raw.toLowerCase());
  if (!found) {
    throw new SettingsError(
      `PENNON_CAPTCHA_PROVIDER must be one of ${CaptchaProvider.enum.join(', ')}, got "${raw}"`,
    );
  }
  return found;
};

/** GZ::CTF clamps the difficulty to 8–48 rather than refusing to start. */
export const readPowDifficulty = (raw: string | undefined): number => {
  if (raw === undefined || raw === '') return 18;
  const bits = Number(raw);
  if (!Number.isInteger(bits)) {
    throw new SettingsError(`PENNON_CAPTCHA_POW_DIFFICULTY must be an integer, got "${raw}"`);
  }
  return Math.min(48, Math.max(8, bits));
};

/** An http(s) origin: a host name or bracketed IPv6 address, and an optional port. */
const ORIGIN = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d+)?$/i;

/** The origin `item` is (a trailing slash allowed), or undefined when it is not just an http(s) origin. */
const asOrigin = (item: string): string | undefined => {
  const origin = URL.canParse(item) ? new URL(item).origin : 'null';
  return ORIGIN.test(origin) && origin === item.replace(/\/+$/, '') ? origin : undefined;
};

/** `*`, or comma-separated http(s) origins such as `https://ctf.example.org`; unset: none. */
export const readEmbedOrigins = (raw: string | undefined): EmbedOrigins => {
  const value = raw?.trim() ?? '';
  if (value === '*') return '*';
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const origin = asOrigin(item);
      if (!origin) {
        throw new SettingsError(
          `PENNON_EMBED_ORIGINS must be * or comma-separated origins like https://example.org, got "${item}"`,
        );
      }
      return origin;
    });
};

/** The platform serves at the root of its host, so its public address is an origin, without a path. */
export const readPublicUrl = (raw: string | undefined): string | undefined => {
  const value = raw?.trim() ?? '';
  if (value === '') return undefined;
  const origin = asOrigin(value);
  if (!origin) {
    throw new SettingsError(
      `PENNON_PUBLIC_URL must be the http(s) origin players open, like https://ctf.example.org (no path), got "${value}"`,
    );
  }
  return origin;
};

export const readRedisUrl = (raw: string | undefined): string | undefined => {
  if (!raw) return undefined;
  if (!/^rediss?:\/\//i.test(raw) || !URL.canParse(raw) || new URL(raw).hostname === '') {
    // Not echoed: the value may hold a password.
    throw new SettingsError(
      'PENNON_REDIS_URL must be a redis:// or rediss:// URL with a host, such as redis://localhost:6379',
    );
  }
  return raw;
};

/** An issuer is an http(s) URL; the server itself refuses plain http except on loopback (oidc-client.ts). */
export const readOidc = (env: NodeJS.ProcessEnv): EnvOidcProvider | undefined => {
  const issuer = env.PENNON_OIDC_ISSUER?.trim() ?? '';
  const clientId = env.PENNON_OIDC_CLIENT_ID?.trim() ?? '';
  if (!issuer && !clientId) return undefined;
  if (!issuer || !clientId) {
    throw new SettingsError('PENNON_OIDC_ISSUER and PENNON_OIDC_CLIENT_ID are set together, or neither');
  }
  if (!URL.canParse(issuer) || !/^https?:$/.test(new URL(issuer).protocol)) {
    throw new SettingsError(`PENNON_OIDC_ISSUER must be an https URL, got "${issuer}"`);
  }
  return {
    issuer,
    clientId,
    clientSecret: env.PENNON_OIDC_CLIENT_SECRET ?? '',
    name: env.PENNON_OIDC_NAME?.trim() || 'Single sign-on',
  };
};

export const readLimit = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const limit = Number(raw);
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new SettingsError(`${name} must be a positive integer, got "${raw}"`);
  }
  return limit;
};

/** A switch that is on unless set to `off`. */
export const readSwitch = (name: string, raw: string | undefined): boolean => {
  if (raw === undefined || raw === '' || raw.toLowerCase() === 'on') return true;
  if (raw.toLowerCase() === 'off') return false;
  throw new SettingsError(`${name} must be "on" or "off", got "${raw}"`);
};

export const readSqliteSynchronous = (raw: string | undefined): SqliteSynchronous => {
  const value = (raw || 'normal').toLowerCase();
  if (value === 'normal' || value === 'full') return value;
  throw new SettingsError(`PENNON_SQLITE_SYNCHRONOUS must be "normal" or "full", got "${raw}"`);
};

export const readLogFormat = (raw: string | undefined): LogFormat | undefined => {
  const value = raw?.toLowerCase();
  if (!value) return undefined;
  if (value === 'json' || value === 'pretty') return value;
  throw new SettingsError(`PENNON_LOG_FORMAT must be "json" or "pretty", got "${raw}"`);
};

/** Addresses or CIDRs, comma-separated, as proxy-addr reads them; a bad one is named. */
export const readAddressList = (name: string, raw: string): ProxyTrust => {
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  try {
    return trustAddresses(list);
  } catch (err) {
    throw new SettingsError(
      `${name} must be comma-separated IP addresses or CIDRs like 10.0.0.0/8: ${(err as Error).message}`,
    );
  }
};

/**
 * What Fastify's `trustProxy` takes: a hop count, or addresses/CIDRs; unset or `false`: nobody. `true` would
 * believe every hop, so the left-most - the client's own words - would win; it is kept as one hop, with a warning.
 */
export const readTrustProxy = (raw: string | undefined, warnings: string[]): ProxyTrust => {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'false') return trustNobody;
  if (value === 'true') {
    warnings.push(
      "PENNON_TRUST_PROXY=true is taken as 1: only the immediate peer is trusted as a proxy; set the hop count or the proxies' addresses to say so",
    );
    return trustHops(1);
  }
  if (/^\d+$/.test(value)) return trustHops(Number(value));
  return readAddressList('PENNON_TRUST_PROXY', value);
};

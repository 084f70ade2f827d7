import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from '../src/settings.ts';

describe('settings from the environment', () => {
  it('defaults to port 8080 and an SQLite file in ./data', () => {
    const settings = readSettings({});
    expect(settings.port).toBe(8080);
    expect(settings.dataDir).toBe(path.resolve('data'));
    expect(settings.databaseUrl).toBe(`sqlite:${path.resolve('data', 'pennon.db')}`);
    expect(settings.portMapping).toBe('Default');
  });

  it('puts the default database inside the chosen data directory', () => {
    const settings = readSettings({ PENNON_DATA_DIR: '/srv/pennon' });
    expect(settings.databaseUrl).toBe('sqlite:/srv/pennon/pennon.db');
  });

  it('takes a PostgreSQL URL as it is', () => {
    const url = 'postgres://ctf:pw@db:5432/ctf';
    expect(readSettings({ PENNON_DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('takes a Redis URL for the live push, and refuses anything else there', () => {
    expect(readSettings({}).redisUrl).toBeUndefined();
    const url = 'rediss://:pw@cache.example.org:6380/2';
    expect(readSettings({ PENNON_REDIS_URL: url }).redisUrl).toBe(url);
    for (const bad of ['cache.example.org:6379', 'http://cache:6379', 'redis://'])
      expect(() => readSettings({ PENNON_REDIS_URL: bad })).toThrow(/PENNON_REDIS_URL must be a redis:\/\//);
  });

  it('reads PENNON_LOG_FORMAT as json or pretty, unset meaning "as the terminal says"', () => {
    expect(readSettings({}).logFormat).toBeUndefined();
    expect(readSettings({ PENNON_LOG_FORMAT: 'JSON' }).logFormat).toBe('json');
    expect(readSettings({ PENNON_LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => readSettings({ PENNON_LOG_FORMAT: 'fancy' })).toThrow(
      /PENNON_LOG_FORMAT must be "json" or "pretty"/,
    );
  });

  it.each(['abc', '-1', '70000', '80.5'])('refuses PORT=%s with a message naming it', (port) => {
    expect(() => readSettings({ PORT: port })).toThrow(SettingsError);
    expect(() => readSettings({ PORT: port })).toThrow(/PORT/);
  });

  it('takes PENNON_PUBLIC_URL as an http(s) origin only', () => {
    expect(readSettings({}).publicUrl).toBeUndefined();
    expect(readSettings({ PENNON_PUBLIC_URL: 'https://ctf.example.org/' }).publicUrl).toBe(
      'https://ctf.example.org',
    );
    expect(readSettings({ PENNON_PUBLIC_URL: 'http://[::1]:8080' }).publicUrl).toBe('http://[::1]:8080');
    for (const bad of [
      'ctf.example.org',
      'ftp://ctf.example.org',
      'https://ctf.example.org/ctf',
      'https://a/?x',
    ])
      expect(() => readSettings({ PENNON_PUBLIC_URL: bad })).toThrow(
        new SettingsError(
          `PENNON_PUBLIC_URL must be the http(s) origin players open, like https://ctf.example.org (no path), got "${bad}"`,
        ),
      );
  });

  it('takes PENNON_TRUST_PROXY as a hop count or addresses, and true as one hop with a warning', () => {
    const trusts = (value: string | undefined, address: string, hop: number) =>
      readSettings({ PENNON_TRUST_PROXY: value }).trustProxy(address, hop);
    for (const none of [undefined, '', 'false', '0']) expect(trusts(none, '127.0.0.1', 0)).toBe(false);
    expect(trusts('2', '203.0.113.7', 1)).toBe(true);
    expect(trusts('2', '203.0.113.7', 2)).toBe(false);
    expect(trusts('true', '203.0.113.7', 0)).toBe(true);
    expect(trusts('true', '203.0.113.7', 1)).toBe(false);
    expect(trusts('10.0.0.0/8, fd00::1', '10.1.2.3', 5)).toBe(true);
    expect(trusts('10.0.0.0/8, fd00::1', 'fd00::1', 0)).toBe(true);
    expect(trusts('10.0.0.0/8, fd00::1', '11.0.0.1', 0)).toBe(false);
    expect(readSettings({ PENNON_TRUST_PROXY: 'true' }).warnings).toEqual([
      expect.stringContaining('PENNON_TRUST_PROXY=true is taken as 1'),
    ]);
    expect(readSettings({ PENNON_TRUST_PROXY: '1' }).warnings).toEqual([]);
    for (const bad of ['yes', '10.0.0.0/33', '-1'])
      expect(() => readSettings({ PENNON_TRUST_PROXY: bad })).toThrow(
        /^PENNON_TRUST_PROXY must be comma-separated IP addresses or CIDRs like 10\.0\.0\.0\/8: /,
      );
  });

  it('warns when challenges are published on the platform’s own host name', () => {
    const platform = { PENNON_PUBLIC_URL: 'https://ctf.example.org' };
    const warned = (env: Record<string, string>) =>
      readSettings({ ...platform, ...env }).warnings.some((w) =>
        w.startsWith('PENNON_CONTAINER_PUBLIC_HOST'),
      );
    expect(warned({ PENNON_CONTAINER_PUBLIC_HOST: 'ctf.example.org' })).toBe(true);
    expect(warned({ PENNON_CONTAINER_PUBLIC_HOST: 'CTF.Example.org.' })).toBe(true);
    expect(warned({ PENNON_CONTAINER_PUBLIC_HOST: 'challenges.ctf.example.org' })).toBe(false);
    // Through the platform's proxy no port is published on any host name.
    expect(
      warned({ PENNON_CONTAINER_PUBLIC_HOST: 'ctf.example.org', PENNON_PORT_MAPPING: 'PlatformProxy' }),
    ).toBe(false);
  });

  it('exempts no address from rate limits unless PENNON_RATE_LIMIT_EXEMPT names it', () => {
    expect(readSettings({}).rateLimitExempt('127.0.0.1')).toBe(false);
    expect(readSettings({}).rateLimitExempt('::1')).toBe(false);
    const { rateLimitExempt } = readSettings({ PENNON_RATE_LIMIT_EXEMPT: '192.0.2.0/24,loopback' });
    expect(['192.0.2.9', '127.0.0.1', '::ffff:127.0.0.1', '198.51.100.1'].map(rateLimitExempt)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(() => readSettings({ PENNON_RATE_LIMIT_EXEMPT: 'localhost' })).toThrow(SettingsError);
  });

  it('warns when a mail transport is configured without PENNON_PUBLIC_URL', () => {
    expect(readSettings({}).warnings).toEqual([]);
    expect(readSettings({ PENNON_SMTP_URL: 'smtp://mail:587' }).warnings).toEqual([
      expect.stringContaining('PENNON_SMTP_URL is set without PENNON_PUBLIC_URL'),
    ]);
    const both = { PENNON_SMTP_URL: 'smtp://mail:587', PENNON_PUBLIC_URL: 'https://ctf.example.org' };
    expect(readSettings(both).warnings).toEqual([]);
  });

  it('accepts the port mapping case-insensitively and refuses unknown ones', () => {
    expect(readSettings({ PENNON_PORT_MAPPING: 'platformproxy' }).portMapping).toBe('PlatformProxy');
    expect(() => readSettings({ PENNON_PORT_MAPPING: 'tunnel' })).toThrow(/PlatformProxy/);
  });

  it('caps hub connections at 100 per address and 10,000 in all unless told otherwise', () => {
    expect(readSettings({}).hubLimits).toEqual({ perAddress: 100, total: 10_000 });
    expect(
      readSettings({ PENNON_HUB_MAX_PER_ADDRESS: '400', PENNON_HUB_MAX_TOTAL: '50000' }).hubLimits,
    ).toEqual({ perAddress: 400, total: 50_000 });
    for (const bad of ['0', '-3', '2.5', 'lots'])
      expect(() => readSettings({ PENNON_HUB_MAX_TOTAL: bad })).toThrow(
        `PENNON_HUB_MAX_TOTAL must be a positive integer, got "${bad}"`,
      );
  });

  it('serves no metrics unless a port is set, and then on loopback unless told otherwise', () => {
    expect(readSettings({}).metrics).toEqual({ port: undefined, host: '127.0.0.1' });
    expect(readSettings({ HOST: '0.0.0.0', PENNON_METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(readSettings({ PENNON_METRICS_PORT: '9464', PENNON_METRICS_HOST: '0.0.0.0' }).metrics.host).toBe(
      '0.0.0.0',
    );
    for (const bad of ['-1', '70000', 'nine'])
      expect(() => readSettings({ PENNON_METRICS_PORT: bad })).toThrow(
        `PENNON_METRICS_PORT must be an integer between 0 and 65535, got "${bad}"`,
      );
  });

  it('generates request ids unless a trusted header is named', () => {
    expect(readSettings({}).requestIdHeader).toBeUndefined();
    expect(readSettings({ PENNON_REQUEST_ID_HEADER: 'X-Request-Id' }).requestIdHeader).toBe('x-request-id');
  });
});

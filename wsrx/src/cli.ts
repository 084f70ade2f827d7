// `pennon-wsrx`: `serve` runs the daemon; the other commands act on a running one via its control API.
import { parseArgs } from 'node:util';
import { type ControlTarget, control, findDaemon } from './control-client.ts';
import { DEFAULT_HOST, DEFAULT_PORT, LanAddressError, PortInUseError, startDaemon } from './daemon.ts';
import type { Scope } from './scopes.ts';
import { defaultStateDir, STATE_DIR_ENV } from './state-store.ts';
import type { TunnelInfo } from './tunnel.ts';
import { PACKAGE_VERSION, WSRX_API_VERSION } from './version.ts';

export const USAGE = `pennon-wsrx ${PACKAGE_VERSION}: a wsrx-compatible local tunnel daemon

Usage:
  pennon-wsrx serve [--host H [--allow-lan]] [--port P] [--allow-origin ORIGIN]...
                    [--fallback-port] [--probe-interval MS] [--max-connections N] [--quiet]
  pennon-wsrx scopes [--json]          list the sites that registered, with their state
  pennon-wsrx tunnels [--json]         list every open tunnel
  pennon-wsrx allow ORIGIN             approve a site (it may then open tunnels)
  pennon-wsrx deny ORIGIN              refuse a site and close its tunnels
  pennon-wsrx remove ORIGIN            forget a site and close its tunnels
  pennon-wsrx pair                     print the pairing code for the browser companion
  pennon-wsrx version | help

Options for every command:
  --state-dir DIR   approvals, control token and daemon address (default $${STATE_DIR_ENV}
                    or ~/.config/pennon-wsrx)
  --url URL         the daemon to control (default: the one recorded in the state dir)

serve listens on ${DEFAULT_HOST}:${DEFAULT_PORT} by default. Logs go to stderr, one line per event.
`;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const defaultIo: CliIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

const OPTIONS = {
  host: { type: 'string' },
  'allow-lan': { type: 'boolean' },
  port: { type: 'string' },
  'allow-origin': { type: 'string', multiple: true },
  'fallback-port': { type: 'boolean' },
  'probe-interval': { type: 'string' },
  'max-connections': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  'state-dir': { type: 'string' },
  url: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

const integer = (name: string, value: string | undefined, min: number, max: number): number | undefined => {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  }
  return number;
};

const table = (rows: string[][]): string => {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

/** Tells whether what holds the port is a wsrx daemon, for a clearer message. */
const describeHolder = async (host: string, port: number): Promise<string> => {
  try {
    const response = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${port}/version`, {
      signal: AbortSignal.timeout(1_000),
    });
    const version: unknown = await response.json();
    if (response.ok && typeof version === 'string')
      return ` A wsrx daemon (version ${version}) answers there.`;
  } catch {
    // not a wsrx daemon, or not answering HTTP
  }
  return '';
};

const serve = async (values: Record<string, unknown>, io: CliIo): Promise<number> => {
  const host = (values.host as string | undefined) ?? DEFAULT_HOST;
  const port = integer('port', values.port as string | undefined, 0, 65535) ?? DEFAULT_PORT;
  let daemon: Awaited<ReturnType<typeof startDaemon>>;
  try {
    daemon = await startDaemon({
      host,
      allowLan: values['allow-lan'] === true,
      port,
      fallbackPort: values['fallback-port'] === true,
      stateDir: values['state-dir'] as string | undefined,
      allowOrigins: values['allow-origin'] as string[] | undefined,
      probeIntervalMs: integer(
        'probe-interval',
        values['probe-interval'] as string | undefined,
        50,
        3_600_000,
      ),
      maxConnectionsPerTunnel: integer(
        'max-connections',
        values['max-connections'] as string | undefined,
        1,
        10_000,
      ),
      quiet: values.quiet === true,
    });
  } catch (error) {
    if (error instanceof LanAddressError) {
      io.err(`pennon-wsrx: warning: ${error.message}\n`);
      return 2;
    }
    if (error instanceof PortInUseError) {
      io.err(`pennon-wsrx: ${error.message}${await describeHolder(host, port)}\n`);
      return 2;
    }
    throw error;
  }
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      daemon.context.log.info('daemon.signal', { signal });
      void daemon.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return 0;
};

const printScopes = (scopes: (Scope & { tunnels: number })[], io: CliIo) => {
  if (scopes.length === 0) return io.out('No scopes.\n');
  const rows = scopes.map((scope) => [
    scope.state,
    scope.host,
    scope.name,
    scope.features.join(','),
    String(scope.tunnels),
  ]);
  io.out(`${table([['STATE', 'ORIGIN', 'NAME', 'FEATURES', 'TUNNELS'], ...rows])}\n`);
};

const printTunnels = (tunnels: (TunnelInfo & { connections: number })[], io: CliIo) => {
  if (tunnels.length === 0) return io.out('No tunnels.\n');
  const rows = tunnels.map((tunnel) => [
    tunnel.local,
    tunnel.remote,
    tunnel.latency < 0 ? '-' : `${tunnel.latency} ms`,
    String(tunnel.connections),
    tunnel.scope_host,
    tunnel.label,
  ]);
  io.out(`${table([['LOCAL', 'REMOTE', 'LATENCY', 'CONNS', 'SCOPE', 'LABEL'], ...rows])}\n`);
};

/** The pairing code is the control address with the token as fragment: one string to paste. */
export const pairingCode = (target: ControlTarget): string => `${target.url}#${target.token}`;

const pair = async (target: ControlTarget, json: boolean, io: CliIo): Promise<number> => {
  // Check the token against the running daemon first, so a stale state dir is told now, not in the browser.
  await control(target, 'GET', 'scopes');
  const code = pairingCode(target);
  if (json) io.out(`${JSON.stringify({ url: target.url, token: target.token, code }, null, 2)}\n`);
  else
    io.out(
      `Paste this pairing code into the Pennon wsrx companion's options (Daemon control):\n\n  ${code}\n\n` +
        'Anyone with this code can approve sites in your daemon: keep it to yourself.\n',
    );
  return 0;
};

const runControl = async (
  command: string,
  args: string[],
  values: Record<string, unknown>,
  io: CliIo,
): Promise<number> => {
  const target: ControlTarget = findDaemon(
    (values['state-dir'] as string | undefined) ?? defaultStateDir(),
    values.url as string | undefined,
  );
  const json = values.json === true;
  if (command === 'pair') {
    if (args.length > 0) throw new UsageError('pair takes no arguments');
    return pair(target, json, io);
  }
  if (command === 'scopes' || command === 'tunnels') {
    const list = await control<unknown[]>(target, 'GET', command);
    if (json) io.out(`${JSON.stringify(list, null, 2)}\n`);
    else if (command === 'scopes') printScopes(list as (Scope & { tunnels: number })[], io);
    else printTunnels(list as (TunnelInfo & { connections: number })[], io);
    return 0;
  }
  const origin = args[0];
  if (!origin || args.length > 1) throw new UsageError(`${command} takes exactly one ORIGIN`);
  const result = await control<Record<string, unknown>>(target, 'POST', command, { origin });
  if (json) io.out(`${JSON.stringify(result, null, 2)}\n`);
  else if (command === 'remove')
    io.out(`Removed ${String(result.removed)} (${String(result.tunnels)} tunnels closed).\n`);
  else io.out(`${String(result.host)} is now ${String(result.state)}.\n`);
  return 0;
};

export const main = async (argv: string[], io: CliIo = defaultIo): Promise<number> => {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
    const [command = 'help', ...args] = positionals;
    if (values.help || command === 'help') {
      io.out(USAGE);
      return 0;
    }
    switch (command) {
      case 'version':
        io.out(`pennon-wsrx ${PACKAGE_VERSION} (wsrx API ${WSRX_API_VERSION})\n`);
        return 0;
      case 'serve':
        if (args.length > 0) throw new UsageError(`serve takes no arguments (got ${args.join(' ')})`);
        return await serve(values, io);
      case 'scopes':
      case 'tunnels':
      case 'allow':
      case 'deny':
      case 'remove':
      case 'pair':
        return await runControl(command, args, values, io);
      default:
        throw new UsageError(`Unknown command ${command}`);
    }
  } catch (error) {
    const usage =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    io.err(`pennon-wsrx: ${(error as Error).message}\n${usage ? 'Run `pennon-wsrx help` for usage.\n' : ''}`);
    return usage ? 64 : 1;
  }
};

// `pennon-wsrx`: `serve` runs the daemon; the other commands act on a running one via its control API.
import { parseArgs } from 'node:util';
import {
  WsrxControl,
  WsrxControlError,
  type WsrxControlLink,
  type WsrxControlScopeEntry,
  type WsrxControlTunnel,
  wsrxPairingCode,
} from '@pennon/sdk/wsrx/control';
import { findDaemon } from './control-client.ts';
import { DEFAULT_HOST, DEFAULT_PORT, LanAddressError, PortInUseError, startDaemon } from './daemon.ts';
import { defaultStateDir, STATE_DIR_ENV } from './state-store.ts';
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

const scopesText = (scopes: WsrxControlScopeEntry[]): string => {
  if (scopes.length === 0) return 'No scopes.\n';
  const rows = scopes.map((scope) => [
    scope.state,
    scope.host,
    scope.name,
    scope.features.join(','),
    String(scope.tunnels),
  ]);
  return `${table([['STATE', 'ORIGIN', 'NAME', 'FEATURES', 'TUNNELS'], ...rows])}\n`;
};

const tunnelsText = (tunnels: WsrxControlTunnel[]): string => {
  if (tunnels.length === 0) return 'No tunnels.\n';
  const rows = tunnels.map((tunnel) => [
    tunnel.local,
    tunnel.remote,
    tunnel.latency < 0 ? '-' : `${tunnel.latency} ms`,
    String(tunnel.connections),
    tunnel.scope_host,
    tunnel.label,
  ]);
  return `${table([['LOCAL', 'REMOTE', 'LATENCY', 'CONNS', 'SCOPE', 'LABEL'], ...rows])}\n`;
};

/** A control call's failure in the CLI's words: what to do when nothing answers, else the daemon's answer. */
const explained = async <T>(target: WsrxControlLink, call: Promise<T>): Promise<T> => {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof WsrxControlError)) throw error;
    throw new Error(
      error.problem === 'unreachable'
        ? `Cannot reach the daemon at ${target.url} (${error.message}): is \`pennon-wsrx serve\` running?`
        : `The daemon answered ${error.status}: ${error.message}`,
    );
  }
};

const pair = async (target: WsrxControlLink, json: boolean, io: CliIo): Promise<number> => {
  // Check the token against the running daemon first, so a stale state dir is told now, not in the browser.
  await explained(target, new WsrxControl(target).scopes());
  const code = wsrxPairingCode(target);
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
  const target = findDaemon(
    (values['state-dir'] as string | undefined) ?? defaultStateDir(),
    values.url as string | undefined,
  );
  const json = values.json === true;
  if (command === 'pair') {
    if (args.length > 0) throw new UsageError('pair takes no arguments');
    return pair(target, json, io);
  }
  const daemon = new WsrxControl(target);
  /** The daemon's answer as JSON with --json, else in words. */
  const show = async <T>(call: Promise<T>, words: (result: T) => string) => {
    const result = await explained(target, call);
    io.out(json ? `${JSON.stringify(result, null, 2)}\n` : words(result));
    return 0;
  };
  if (command === 'scopes') return show(daemon.scopes(), scopesText);
  if (command === 'tunnels') return show(daemon.tunnels(), tunnelsText);
  const origin = args[0];
  if (!origin || args.length > 1) throw new UsageError(`${command} takes exactly one ORIGIN`);
  if (command === 'remove') {
    return show(daemon.remove(origin), (r) => `Removed ${r.removed} (${r.tunnels} tunnels closed).\n`);
  }
  const decided = command === 'allow' ? daemon.allow(origin) : daemon.deny(origin);
  return show(decided, (scope) => `${scope.host} is now ${scope.state}.\n`);
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

// The client side of the control API, used by the CLI commands (and tests) to talk to a running daemon.
import { StateStore } from './state-store.ts';

export interface ControlTarget {
  url: string;
  token: string;
}

/** Finds the daemon through daemon.json and control-token in the state dir, unless `url` is given. */
export const findDaemon = (stateDir: string, url?: string): ControlTarget => {
  const store = new StateStore(stateDir);
  const target = url ?? store.readDaemonRecord()?.url;
  if (!target) {
    throw new Error(
      `No running daemon recorded in ${store.daemonFile}: start one with \`pennon-wsrx serve\``,
    );
  }
  const token = store.readToken();
  if (!token) throw new Error(`No control token in ${store.tokenFile}: is this the daemon's --state-dir?`);
  return { url: target.replace(/\/+$/, ''), token };
};

export const control = async <T>(
  target: ControlTarget,
  method: 'GET' | 'POST',
  action: string,
  body?: unknown,
): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(`${target.url}/_pennon/${action}`, {
      method,
      headers: {
        Authorization: `Bearer ${target.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new Error(`Cannot reach the daemon at ${target.url} (${cause}): is \`pennon-wsrx serve\` running?`);
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`The daemon answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
};

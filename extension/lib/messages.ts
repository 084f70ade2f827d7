// Messages between the popup, the watcher content script and the background. Pure (validated here).
import { type WsrxInstance, WsrxState } from '@pennon/sdk/wsrx';

/** Popup → background: check the daemon now and answer with the status (short polling while open). */
export interface CheckMessage {
  type: 'pennon:check';
}

/** Watcher (in a watched platform's page) → background: what the daemon says to that page's origin. */
export interface SiteMessage {
  type: 'pennon:site';
  origin: string;
  title: string;
  state: WsrxState;
  instances: WsrxInstance[];
}

/** Popup → background: approve or refuse a site in the daemon (control API, once paired). */
export interface DecideMessage {
  type: 'pennon:decide';
  origin: string;
  approve: boolean;
}

export type Message = CheckMessage | SiteMessage | DecideMessage;

const isState = (value: unknown): value is WsrxState =>
  value === WsrxState.Invalid || value === WsrxState.Pending || value === WsrxState.Usable;

const readInstance = (value: unknown): WsrxInstance | null => {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw.local !== 'string' || typeof raw.remote !== 'string') return null;
  return {
    label: typeof raw.label === 'string' ? raw.label : '',
    remote: raw.remote,
    local: raw.local,
    latency: typeof raw.latency === 'number' ? raw.latency : -1,
  };
};

/** The message, if it is one of ours and well formed. */
export const readMessage = (value: unknown): Message | null => {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  if (raw.type === 'pennon:check') return { type: 'pennon:check' };
  if (raw.type === 'pennon:decide') {
    if (typeof raw.origin !== 'string' || typeof raw.approve !== 'boolean') return null;
    return { type: 'pennon:decide', origin: raw.origin, approve: raw.approve };
  }
  if (raw.type !== 'pennon:site') return null;
  if (typeof raw.origin !== 'string' || !isState(raw.state) || !Array.isArray(raw.instances)) return null;
  return {
    type: 'pennon:site',
    origin: raw.origin,
    title: typeof raw.title === 'string' ? raw.title.slice(0, 200) : '',
    state: raw.state,
    instances: raw.instances.flatMap((item) => {
      const instance = readInstance(item);
      return instance ? [instance] : [];
    }),
  };
};

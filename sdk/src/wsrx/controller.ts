// The site's connection to the local wsrx daemon as a framework-agnostic store (zustand vanilla): connect
// (version → state → register when unknown → state), poll the state, sync the tunnels, and let the user
// retry. Flow and timings of client-spec §4/§9 and wsrx.md §4.1, without its flaws: every error is
// awaited and surfaced (`error`, `onError`), and Invalid is left by `connect()` or an options change.
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  localBindAddress,
  WsrxClient,
  type WsrxClientOptions,
  WsrxError,
  type WsrxInstance,
  WsrxState,
} from './client.ts';
import {
  defaultOptionsStorage,
  readWsrxOptions,
  type WsrxOptions,
  type WsrxOptionsStorage,
  wsrxDefaultOptions,
  wsrxName,
} from './storage.ts';

/** State polling period. */
export const WSRX_POLL_MS = 3_000;
/** The tunnels are synced on every this many Usable ticks (and on becoming Usable). */
export const WSRX_SYNC_EVERY = 5;
/** Option changes settle this long before connecting again. */
export const WSRX_DEBOUNCE_MS = 100;

/** The controller's state: the daemon's answer for this site and its tunnels. */
export interface WsrxSnapshot {
  state: WsrxState;
  /** The site's tunnels as last synced; emptied when the state drops to Invalid. */
  instances: readonly WsrxInstance[];
  /** The last failure of connecting or syncing; cleared by a successful connect. */
  error: WsrxError | null;
  options: WsrxOptions;
  /** The daemon's version, once checked. */
  version: string | null;
  /** A connect is running. */
  connecting: boolean;
}

/** What a wsrx controller is made with. */
export interface WsrxControllerConfig extends Pick<WsrxClientOptions, 'origin' | 'fetch' | 'timeout'> {
  /** Where the options are kept; localStorage when there is one, else memory. */
  storage?: WsrxOptionsStorage;
  /** Options to start from, under the stored ones. */
  options?: Partial<WsrxOptions>;
  /** The platform title: the name becomes `{title}::CTF`. */
  title?: string;
}

/** Keeps a site's wsrx scope and tunnels in step with the daemon, as a zustand store. */
export interface WsrxController {
  readonly store: StoreApi<WsrxSnapshot>;
  /** The current snapshot. */
  getState(): WsrxSnapshot;
  /** Calls `listener` on each change; returns the unsubscribe function. */
  subscribe(listener: (state: WsrxSnapshot, previous: WsrxSnapshot) => void): () => void;
  /** Resolves once the stored options are loaded. */
  readonly ready: Promise<void>;
  /** Connects after the debounce (call on mount). */
  start(): void;
  /** Connects now (the Retry button); resolves with the state reached, never rejects (see `error`). */
  connect(): Promise<WsrxState>;
  /** Changes and saves options, then connects again after the debounce. */
  setOptions(patch: Partial<WsrxOptions>): Promise<void>;
  /** The platform title became known: registers as `{title}::CTF`. */
  setTitle(title: string | null | undefined): Promise<void>;
  /** Syncs the tunnels now. Rejects with a WsrxError. */
  sync(): Promise<readonly WsrxInstance[]>;
  /** Opens (or finds) the tunnel to `remote`, on loopback or the LAN per `allowLan`. Rejects with a WsrxError. */
  add(instance: { label: string; remote: string }): Promise<WsrxInstance>;
  /** Closes the tunnel on `local`. Rejects with a WsrxError. */
  remove(local: string): Promise<void>;
  /** Called when the state drops from Pending or Usable to Invalid (the daemon went away). */
  onOffline(listener: () => void): () => void;
  /** Called with every failure of the connect flow, polling and sync. */
  onError(listener: (error: WsrxError) => void): () => void;
  /** Stops polling and pending connects; later results are ignored. */
  dispose(): void;
}

const asWsrxError = (error: unknown): WsrxError =>
  error instanceof WsrxError
    ? error
    : new WsrxError('daemon_unavailable', error instanceof Error ? error.message : String(error), undefined, {
        cause: error,
      });

/** A {@link WsrxController}; it loads the stored options and starts polling when connected. */
export const createWsrxController = (config: WsrxControllerConfig = {}): WsrxController => {
  const storage = config.storage ?? defaultOptionsStorage();
  let title = config.title;
  const named = (options: WsrxOptions): WsrxOptions =>
    title ? { ...options, name: wsrxName(title) } : options;

  const store = createStore<WsrxSnapshot>(() => ({
    state: WsrxState.Invalid,
    instances: [],
    error: null,
    options: named({ ...wsrxDefaultOptions, ...readWsrxOptions(config.options) }),
    version: null,
    connecting: false,
  }));
  const offline = new Set<() => void>();
  const errors = new Set<(error: WsrxError) => void>();

  let run = 0; // bumped by every connect and dispose: older flows see they are stale and stop
  let client: WsrxClient | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  let sinceSync = 0;

  const report = (error: unknown) => {
    const failure = asWsrxError(error);
    store.setState({ error: failure });
    for (const listener of errors) listener(failure);
  };

  const setStatus = (state: WsrxState) => {
    const previous = store.getState().state;
    if (state === WsrxState.Invalid) {
      client?.forget();
      store.setState({ state, instances: [] });
    } else {
      store.setState({ state });
    }
    if (previous !== WsrxState.Invalid && state === WsrxState.Invalid) {
      for (const listener of offline) listener();
    }
  };

  const ready = (async () => {
    try {
      const stored = readWsrxOptions(await storage.load());
      store.setState((s) => ({ options: named({ ...s.options, ...stored }) }));
    } catch (error) {
      report(error);
    }
  })();

  const stopPolling = () => {
    clearTimeout(pollTimer);
    pollTimer = undefined;
  };

  const syncNow = async (id: number, c: WsrxClient) => {
    try {
      const instances = await c.pool();
      if (id !== run) return;
      sinceSync = 0;
      store.setState({ instances });
    } catch (error) {
      if (id === run) report(error);
    }
  };

  const tick = async (id: number, c: WsrxClient) => {
    const previous = store.getState().state;
    const state = await c.connectState();
    if (id !== run) return;
    setStatus(state);
    if (state === WsrxState.Invalid) return; // polling ends here; connect() or an options change restarts it
    if (state === WsrxState.Usable && (previous !== WsrxState.Usable || ++sinceSync >= WSRX_SYNC_EVERY)) {
      await syncNow(id, c);
      if (id !== run) return;
    }
    schedule(id, c);
  };

  const schedule = (id: number, c: WsrxClient) => {
    pollTimer = setTimeout(() => void tick(id, c), WSRX_POLL_MS);
  };

  const connect = async (): Promise<WsrxState> => {
    clearTimeout(debounceTimer);
    stopPolling();
    const id = ++run;
    await ready;
    if (id !== run) return store.getState().state;
    const { options } = store.getState();
    const c = new WsrxClient({
      api: options.api,
      origin: config.origin,
      fetch: config.fetch,
      timeout: config.timeout,
    });
    client = c;
    store.setState({ connecting: true });
    try {
      const version = await c.version();
      if (id !== run) return store.getState().state;
      store.setState({ version });
      let state = await c.connectState();
      if (id !== run) return store.getState().state;
      if (state === WsrxState.Invalid) {
        await c.register({ name: options.name });
        if (id !== run) return store.getState().state;
        state = await c.connectState();
        if (id !== run) return store.getState().state;
      }
      store.setState({ error: null });
      setStatus(state);
      if (state === WsrxState.Usable) await syncNow(id, c);
      if (id === run && state !== WsrxState.Invalid) schedule(id, c);
      return state;
    } catch (error) {
      if (id !== run) return store.getState().state;
      report(error);
      setStatus(WsrxState.Invalid);
      return WsrxState.Invalid;
    } finally {
      if (id === run) store.setState({ connecting: false });
    }
  };

  const connectLater = () => {
    clearTimeout(debounceTimer);
    debounceTimer = setTimeout(() => void connect(), WSRX_DEBOUNCE_MS);
  };

  const setOptions = async (patch: Partial<WsrxOptions>) => {
    await ready;
    const current = store.getState().options;
    const next = { ...current, ...readWsrxOptions(patch) };
    if (next.api === current.api && next.name === current.name && next.allowLan === current.allowLan) return;
    store.setState({ options: next });
    connectLater();
    try {
      await storage.save(next);
    } catch (error) {
      report(error);
    }
  };

  const connected = (fallback: string): WsrxClient => {
    if (!client) throw new WsrxError('daemon_unavailable', fallback);
    return client;
  };

  return {
    store,
    getState: store.getState,
    subscribe: store.subscribe,
    ready,
    start: connectLater,
    connect,
    setOptions,
    setTitle: async (next) => {
      if (!next) return;
      title = next;
      await setOptions({ name: wsrxName(next) });
    },
    sync: async () => {
      const c = connected('Failed to sync instances, is wsrx daemon running?');
      const instances = await c.pool();
      if (c === client) {
        sinceSync = 0;
        store.setState({ instances });
      }
      return instances;
    },
    add: async ({ label, remote }) => {
      const c = connected('Failed to add instance, is wsrx daemon running?');
      const local = localBindAddress(store.getState().options.allowLan);
      const instance = await c.add({ label, remote, local });
      if (c === client) store.setState({ instances: c.instances });
      return instance;
    },
    remove: async (local) => {
      const c = connected('Failed to delete instance, is wsrx daemon running?');
      await c.remove(local);
      if (c === client) store.setState({ instances: c.instances });
    },
    onOffline: (listener) => {
      offline.add(listener);
      return () => offline.delete(listener);
    },
    onError: (listener) => {
      errors.add(listener);
      return () => errors.delete(listener);
    },
    dispose: () => {
      run++;
      clearTimeout(debounceTimer);
      stopPolling();
      offline.clear();
      errors.clear();
    },
  };
};

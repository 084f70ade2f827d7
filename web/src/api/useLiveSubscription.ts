// One live subscription while a page is open (gzctf-api §1.9): a hub, or the SDK's 10 s polling when the hub
// cannot connect. The admin log and the monitor pages hold theirs through this hook (a game's own feed is useFeed's).
import type { LiveState, LiveSubscription } from '@pennon/sdk/live';
import { useEffect, useRef, useState } from 'react';

type Listener = (value: never) => void;

/** The listeners as handed to the SDK: each relays to the page's latest listener, plus the state. */
export type LiveHandlers<L> = { [K in keyof L]-?: Exclude<L[K], undefined> } & {
  state: (state: LiveState) => void;
};

/**
 * Subscribes while `key` is not null, calling the latest `listeners` (only the ones given are asked for);
 * a new `key` or another set of listeners subscribes anew. `connect` opens the subscription with the
 * handlers. Returns the connection's state: null before it starts, 'closed' when neither the hub nor the
 * first poll answered (the page keeps what it loaded).
 */
export function useLiveSubscription<L extends Record<string, Listener | undefined>>(
  key: string | null,
  listeners: L,
  connect: (handlers: LiveHandlers<L>) => Promise<LiveSubscription>,
): LiveState | null {
  const current = useRef(listeners);
  current.current = listeners;
  const open = useRef(connect);
  open.current = connect;
  const names = Object.keys(listeners)
    .filter((name) => listeners[name] !== undefined)
    .join();
  const [state, setState] = useState<LiveState | null>(null);
  useEffect(() => {
    if (key === null) return;
    let stopped = false;
    let subscription: LiveSubscription | undefined;
    const handlers: Record<string, (value: unknown) => void> = {
      state: (next) => {
        if (!stopped) setState(next as LiveState);
      },
    };
    for (const name of names.split(',').filter(Boolean)) {
      handlers[name] = (value) => {
        if (!stopped) (current.current[name] as ((value: unknown) => void) | undefined)?.(value);
      };
    }
    open
      .current(handlers as unknown as LiveHandlers<L>)
      .then((live) => {
        if (stopped) void live.stop();
        else subscription = live;
      })
      .catch(() => {
        if (!stopped) setState('closed');
      });
    return () => {
      stopped = true;
      void subscription?.stop();
    };
  }, [key, names]);
  return state;
}

// The game's notices as they are published, while the page is open (gzctf-api §1.9): the user hub, or the
// SDK's 10 s polling when the hub cannot connect.
import type { GameNotice } from '@pennon/sdk';
import { connectGameNotices, type LiveState, type LiveSubscription } from '@pennon/sdk/live';
import { useEffect, useRef, useState } from 'react';

export function useLiveNotices(gameId: number, enabled: boolean, onNotice: (notice: GameNotice) => void) {
  const handler = useRef(onNotice);
  handler.current = onNotice;
  const [state, setState] = useState<LiveState | null>(null);
  useEffect(() => {
    if (!enabled || Number.isNaN(gameId)) return;
    let stopped = false;
    let subscription: LiveSubscription | undefined;
    connectGameNotices(
      location.origin,
      gameId,
      {
        notice: (notice) => {
          if (!stopped) handler.current(notice);
        },
        state: (next) => {
          if (!stopped) setState(next);
        },
      },
      { mode: 'auto' },
    )
      .then((live) => {
        if (stopped) void live.stop();
        else subscription = live;
      })
      .catch(() => {
        // Neither the hub nor the first poll answered: the page keeps what it has.
      });
    return () => {
      stopped = true;
      void subscription?.stop();
    };
  }, [gameId, enabled]);
  return state;
}

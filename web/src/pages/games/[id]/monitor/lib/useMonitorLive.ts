// A game's events and judged submissions as they happen, while a monitor page is open (gzctf-api §1.9): the
// monitor hub, or the SDK's 10 s polling when the hub cannot connect.
import type { GameEvent, Submission } from '@pennon/sdk';
import { connectMonitor, type LiveState } from '@pennon/sdk/live';
import { useLiveSubscription } from '../../../../../api/useLiveSubscription.ts';

export interface MonitorListeners {
  event?: (event: GameEvent) => void;
  submission?: (submission: Submission) => void;
}

/**
 * Subscribes while `enabled`; only the kinds with a listener are asked for. Returns the connection's state
 * ('closed' when neither the hub nor the first poll answered, as before the game starts).
 */
export const useMonitorLive = (
  gameId: number,
  enabled: boolean,
  listeners: MonitorListeners,
): LiveState | null =>
  useLiveSubscription(
    enabled && !Number.isNaN(gameId) ? `monitor:${gameId}` : null,
    { ...listeners },
    (handlers) => connectMonitor(location.origin, gameId, handlers, { mode: 'auto' }),
  );

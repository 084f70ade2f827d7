// Runs the proof of work in a web worker, so the page stays responsive while it searches.
import type { HashPowChallenge } from '@pennon/sdk';
import { powProgress } from './hashPow.ts';
import type { PowMessage, PowRequest } from './pow.worker.ts';

/** The `challenge` field's value for the challenge: `"{id}:{answer}"`. Aborting stops the worker. */
export const solvePow = (
  { id, challenge, difficulty }: HashPowChallenge,
  onProgress: (progress: number) => void,
  signal: AbortSignal,
): Promise<string> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const worker = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.onmessage = ({ data }: MessageEvent<PowMessage>) => {
      if ('tries' in data) {
        onProgress(powProgress(data.tries, difficulty));
        return;
      }
      signal.removeEventListener('abort', stop);
      worker.terminate();
      onProgress(1);
      resolve(`${id}:${data.answer}`);
    };
    worker.onerror = (event) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message || 'The proof-of-work worker failed'));
    };
    worker.postMessage({ challenge, difficulty } satisfies PowRequest);
  });

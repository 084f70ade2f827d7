// Solves one HashPow challenge off the main thread, telling how many tries it made as it goes; the page
// terminates the worker once it has the answer or no longer needs one.
import { hexToBytes, searchAnswer } from './hashPow.ts';

export interface PowRequest {
  challenge: string;
  difficulty: number;
}

export type PowMessage = { tries: number } | { answer: string };

/** Tries between two progress messages. */
const BATCH = 1 << 15;
/** The counter is 4 bytes: past it, a new random prefix. */
const COUNTER_LIMIT = 2 ** 32;

self.onmessage = ({ data }: MessageEvent<PowRequest>) => {
  const challenge = hexToBytes(data.challenge);
  let tries = 0;
  for (;;) {
    const prefix = crypto.getRandomValues(new Uint8Array(4));
    for (let from = 0; from < COUNTER_LIMIT; from += BATCH) {
      const answer = searchAnswer(challenge, prefix, data.difficulty, from, BATCH);
      if (answer) {
        self.postMessage({ answer } satisfies PowMessage);
        return;
      }
      tries += BATCH;
      self.postMessage({ tries } satisfies PowMessage);
    }
  }
};

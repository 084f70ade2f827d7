// Submitting a flag (gzctf-api §4.7): the server answers with a submission id at once and judges in the
// background, so the verdict is polled every 500 ms until it is no longer FlagSubmitted.
import type { AnswerResult } from '@pennon/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { client } from '../../../api/client.ts';

/** Pause between two status polls (gzctf-api §5). */
export const POLL_INTERVAL = 500;
/** Polls before giving up on a verdict (a minute): the answer then stays "being judged". */
export const MAX_POLLS = 120;

export interface FlagApi {
  submit(gameId: number, challengeId: number, flag: string): Promise<number>;
  submissionStatus(gameId: number, challengeId: number, submitId: number): Promise<AnswerResult>;
}

export type SubmitState =
  | { phase: 'idle' }
  | { phase: 'submitting' }
  | { phase: 'judging' }
  | { phase: 'done'; result: AnswerResult }
  | { phase: 'failed'; error: unknown };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `submit(flag)` sends the flag and polls its verdict; `state` follows along. Resolves to the verdict
 * (or undefined when sending failed, the wait gave up, or the component went away).
 */
export const useFlagSubmit = (gameId: number, challengeId: number, api: FlagApi = client.game) => {
  const [state, setState] = useState<SubmitState>({ phase: 'idle' });
  // Bumped on unmount and on every new submission: an older loop sees it and stops.
  const run = useRef(0);
  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );

  const submit = useCallback(
    async (flag: string): Promise<AnswerResult | undefined> => {
      const id = ++run.current;
      const alive = () => run.current === id;
      setState({ phase: 'submitting' });
      try {
        const submitId = await api.submit(gameId, challengeId, flag);
        if (!alive()) return undefined;
        setState({ phase: 'judging' });
        for (let poll = 0; poll < MAX_POLLS; poll += 1) {
          await wait(POLL_INTERVAL);
          if (!alive()) return undefined;
          const result = await api.submissionStatus(gameId, challengeId, submitId);
          if (!alive()) return undefined;
          if (result !== 'FlagSubmitted') {
            setState({ phase: 'done', result });
            return result;
          }
        }
        return undefined;
      } catch (error) {
        if (alive()) setState({ phase: 'failed', error });
        return undefined;
      }
    },
    [api, gameId, challengeId],
  );

  const reset = useCallback(() => {
    run.current += 1;
    setState({ phase: 'idle' });
  }, []);

  return { state, submit, reset, busy: state.phase === 'submitting' || state.phase === 'judging' };
};

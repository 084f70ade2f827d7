// The HashPow answer of a form: a challenge fetched and solved in a worker as soon as the form shows, so
// it is usually ready by the time the form is sent; a fresh one after each use.
import { useCallback, useEffect, useRef, useState } from 'react';
import { client } from '../../api/client.ts';
import { solvePow } from './solvePow.ts';
import type { CaptchaSolver } from './types.ts';

interface Job {
  answer: Promise<string>;
  abort: AbortController;
}

export const useHashPow = (enabled: boolean): CaptchaSolver => {
  const [status, setStatus] = useState<CaptchaSolver['status']>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const job = useRef<Job | null>(null);

  const start = useCallback((): Job => {
    job.current?.abort.abort();
    const abort = new AbortController();
    const answer = client.info
      .powChallenge({ signal: abort.signal })
      .then((challenge) => solvePow(challenge, setProgress, abort.signal));
    const current: Job = { answer, abort };
    job.current = current;
    setStatus('solving');
    setProgress(0);
    setError(null);
    answer.then(
      () => {
        if (!abort.signal.aborted) setStatus('ready');
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        // The next answer() starts over.
        if (job.current === current) job.current = null;
        setStatus('failed');
        setError(err);
      },
    );
    return current;
  }, []);

  useEffect(() => {
    if (!enabled) return;
    start();
    return () => {
      job.current?.abort.abort();
      job.current = null;
    };
  }, [enabled, start]);

  return {
    status,
    progress,
    error,
    answer: () => (job.current ?? start()).answer,
    renew: () => void start(),
  };
};

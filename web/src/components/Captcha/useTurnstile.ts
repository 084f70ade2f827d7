// The Turnstile answer of a form: the widget rendered in the form's container, its token once the
// visitor passes, and a reset after each use (tokens are single-use).
import { useComputedColorScheme } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadTurnstile, type TurnstileApi } from './turnstile.ts';
import type { CaptchaSolver } from './types.ts';

interface Pending {
  promise: Promise<string>;
  resolve: (token: string) => void;
  reject: (error: unknown) => void;
}

const pending = (): Pending => {
  let resolve: Pending['resolve'] = () => {};
  let reject: Pending['reject'] = () => {};
  const promise = new Promise<string>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // A form may never ask for it: no unhandled rejection then.
  promise.catch(() => {});
  return { promise, resolve, reject };
};

export interface TurnstileSolver extends CaptchaSolver {
  /** Ref callback for the element the widget renders into. */
  container: (node: HTMLDivElement | null) => void;
}

/** `siteKey` null: Turnstile isn't in use, nothing is loaded. */
export const useTurnstile = (siteKey: string | null): TurnstileSolver => {
  const theme = useComputedColorScheme('dark');
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const [status, setStatus] = useState<CaptchaSolver['status']>('idle');
  const [error, setError] = useState<unknown>(null);
  const token = useRef(pending());
  const widget = useRef<string | null>(null);
  const turnstile = useRef<TurnstileApi | null>(null);
  const cancel = useRef(() => {});

  /** Loads the script (once) and renders the widget; after a failure, again. */
  const mount = useCallback(() => {
    cancel.current();
    if (siteKey === null || !node) return;
    let cancelled = false;
    cancel.current = () => {
      cancelled = true;
      if (widget.current) turnstile.current?.remove(widget.current);
      widget.current = null;
      token.current = pending();
    };
    const fail = (err: unknown) => {
      token.current.reject(err);
      setStatus('failed');
      setError(err);
    };
    setStatus('solving');
    setError(null);
    loadTurnstile().then((api) => {
      if (cancelled) return;
      turnstile.current = api;
      widget.current = api.render(node, {
        sitekey: siteKey,
        theme,
        callback: (value) => {
          token.current.resolve(value);
          setStatus('ready');
        },
        'expired-callback': () => {
          token.current = pending();
          setStatus('solving');
        },
        'error-callback': () => fail(new Error('Turnstile failed')),
      });
    }, fail);
  }, [siteKey, node, theme]);

  useEffect(() => {
    mount();
    return () => cancel.current();
  }, [mount]);

  const renew = () => {
    if (!widget.current) {
      mount();
      return;
    }
    token.current = pending();
    turnstile.current?.reset(widget.current);
    setStatus('solving');
  };

  return { status, progress: 0, error, answer: () => token.current.promise, renew, container: setNode };
};

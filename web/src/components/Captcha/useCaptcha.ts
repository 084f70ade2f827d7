// The captcha a form must pass (gzctf-api §4.13), as the server configures it: nothing, a proof of work
// solved in a web worker, or a Turnstile widget. The server checks it on register, login and recovery.
import type { CaptchaProvider } from '@pennon/sdk';
import useSWR from 'swr';
import { client } from '../../api/client.ts';
import { ONCE } from '../../api/once.ts';
import { CAPTCHA_KEY } from './captchaKey.ts';
import type { CaptchaSolver } from './types.ts';
import { useHashPow } from './useHashPow.ts';
import { useTurnstile } from './useTurnstile.ts';

export interface CaptchaControl {
  /** Null until the configuration is known. */
  provider: CaptchaProvider | null;
  /** The kind in use; null when none. */
  solver: CaptchaSolver | null;
  /** Ref callback for the Turnstile widget's container. */
  container: (node: HTMLDivElement | null) => void;
  /** The request's `challenge` field: undefined when no captcha is asked, else the answer once solved. */
  answer(): Promise<string | undefined>;
  /** To call after each request that sent the answer, whatever its outcome: answers are single-use. */
  renew(): void;
}

export const useCaptcha = (): CaptchaControl => {
  const { data, error } = useSWR(CAPTCHA_KEY, () => client.info.captcha(), ONCE);
  // Unknown (the call failed): none; the server says so if it wants one after all.
  const provider = data?.type ?? (error ? 'None' : null);
  const pow = useHashPow(provider === 'HashPow');
  const turnstile = useTurnstile(provider === 'CloudflareTurnstile' ? (data?.siteKey ?? '') : null);
  const solver = provider === 'HashPow' ? pow : provider === 'CloudflareTurnstile' ? turnstile : null;
  return {
    provider,
    solver,
    container: turnstile.container,
    answer: async () => (solver ? solver.answer() : undefined),
    renew: () => solver?.renew(),
  };
};

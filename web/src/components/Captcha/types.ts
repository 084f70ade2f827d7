/** What a captcha kind tells its form: how far it is, and the answer once it has one. */
export interface CaptchaSolver {
  /** `idle` when the kind isn't in use. */
  status: 'idle' | 'solving' | 'ready' | 'failed';
  /** 0 to 1: how likely the proof of work is done by now (HashPow only). */
  progress: number;
  error: unknown;
  /** The answer for the next request, once solved. */
  answer(): Promise<string>;
  /** After a request used the answer (answers are single-use): start on the next one. */
  renew(): void;
}

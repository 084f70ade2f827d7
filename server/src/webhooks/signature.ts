// The signature of a webhook delivery: HMAC-SHA256, keyed by the endpoint's secret, of `${timestamp}.${body}`
// (timestamp in Unix seconds), sent as `pennon-signature: v1=<hex>` beside `pennon-timestamp`. Signing the time too
// lets a receiver refuse a replayed delivery by its age.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const signWebhook = (secret: string, timestamp: number, body: string): string =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** The receiver's check (the README shows the same in a few lines). */
export const verifyWebhook = (
  secret: string,
  timestamp: string,
  body: string,
  signature: string,
): boolean => {
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

// Cloudflare Turnstile (§4.13): the server asks siteverify whether the widget's token is good.
export interface TurnstileOptions {
  secretKey: string;
  verifyUrl: string;
}

export const verifyTurnstile = async (
  { secretKey, verifyUrl }: TurnstileOptions,
  token: string,
  ip: string,
): Promise<boolean> => {
  if (!secretKey) return true; // as GZ::CTF: without a secret there is nothing to check against
  const response = await fetch(verifyUrl, {
    method: 'POST',
    body: new URLSearchParams({ secret: secretKey, response: token, remoteip: ip }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) return false;
  const result = (await response.json()) as { success?: unknown };
  return result.success === true;
};

// Requests with the headers an attacker writes (Host, X-Forwarded-*), which fetch would set for itself.
import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Sends `body` as JSON to `path` on the server at `base`, with exactly the given extra headers. */
export const rawRequest = (
  base: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: http.OutgoingHttpHeaders; body?: unknown } = {},
): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(new URL(path, base), {
      method,
      headers: { ...(payload && { 'content-type': 'application/json' }), ...headers },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    });
    request.end(payload);
  });

// Requests sent exactly as written (method, raw path, headers, bytes), as an attacker's tool would: fetch would
// normalise the URL, refuse some methods and add headers of its own (Host, X-Forwarded-* included).
import http from 'node:http';

export interface RawRequest {
  method: string;
  /** The path and query as they go on the wire, percent-encoding included. */
  path: string;
  headers?: http.OutgoingHttpHeaders;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  contentType: string;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export const sendRaw = (baseUrl: string, request: RawRequest): Promise<RawResponse> => {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent,
        host: hostname,
        port,
        method: request.method,
        path: request.path,
        headers: {
          ...request.headers,
          ...(request.body !== undefined && { 'content-length': String(Buffer.byteLength(request.body)) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            contentType: response.headers['content-type'] ?? '',
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
};

/** Sends `body` as JSON to `path` on the server at `base`, with exactly the given extra headers. */
export const rawRequest = (
  base: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: http.OutgoingHttpHeaders; body?: unknown } = {},
): Promise<RawResponse> => {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return sendRaw(base, {
    method,
    path,
    headers: { ...(payload && { 'content-type': 'application/json' }), ...headers },
    ...(payload !== undefined && { body: payload }),
  });
};

// The SignalR JSON hub protocol as the hubs speak it: every message is a JSON text ended by the record separator
// 0x1E; after the client's handshake `{"protocol":"json","version":1}` the server answers `{}` (or an error).
// Only server→client invocations, pings and close messages are ever sent; no client→server methods exist (§1.9).

export const recordSeparator = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export const frame = (message: object): string => `${JSON.stringify(message)}${recordSeparator}`;

export const pingFrame = frame({ type: MessageType.Ping });

export const invocationFrame = (target: string, payload: unknown): string =>
  frame({ type: MessageType.Invocation, target, arguments: [payload] });

export const closeFrame = (error?: string, allowReconnect?: boolean): string =>
  frame({
    type: MessageType.Close,
    ...(error !== undefined && { error }),
    ...(allowReconnect !== undefined && { allowReconnect }),
  });

/** Splits what arrived into complete records, keeping an unfinished tail for the next chunk. */
export const splitRecords = (buffered: string): { records: string[]; rest: string } => {
  const parts = buffered.split(recordSeparator);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
};

/** The answer to a handshake record: undefined when it is acceptable. */
export const handshakeError = (record: string): string | undefined => {
  let request: unknown;
  try {
    request = JSON.parse(record);
  } catch {
    return 'The handshake request is not JSON.';
  }
  const { protocol, version } = (request ?? {}) as { protocol?: unknown; version?: unknown };
  if (protocol !== 'json') return `The protocol '${String(protocol)}' is not supported.`;
  if (version !== 1) return `The server does not support version ${String(version)} of the 'json' protocol.`;
  return undefined;
};

/** The message type of a client record, or undefined when it is not a JSON object with a numeric `type`. */
export const parseRecord = (record: string): { type: number; invocationId?: string } | undefined => {
  try {
    const message = JSON.parse(record) as { type?: unknown; invocationId?: unknown };
    if (typeof message?.type !== 'number') return undefined;
    return {
      type: message.type,
      ...(typeof message.invocationId === 'string' && { invocationId: message.invocationId }),
    };
  } catch {
    return undefined;
  }
};

// One open hub connection, and the ways the server ends one besides a plain close: refused over the connection caps
// (1013, try again later) and revoked with its credential (1008), each with its reason in the client's language, as
// the handshake's error or a SignalR close message (what SignalR clients show) and as the WebSocket close reason.
import type { Locale } from '@pennon/sdk/locales';
import { WebSocket } from 'ws';
import { translate } from '../i18n/catalogs.ts';
import { msg } from '../i18n/message.ts';
import { closeReason } from '../raw-request/bounded-websocket.ts';
import type { HubName } from './hub-admission.ts';
import { closeFrame, frame } from './protocol.ts';

/** WebSocket close code 1013: try again later. */
const tryAgainLater = 1013;
/** How long a refused socket waits for the client's handshake to answer it with the reason. */
const refusalGraceMs = 2000;
/** WebSocket close code 1008: the connection's credential no longer allows it. */
const policyViolation = 1008;

export class Connection {
  handshaken = false;
  buffered = '';
  lastSeen = Date.now();
  /** Asked for scoreboard pushes (`scoreboard=true`, user hub): Pennon's addition, unknown to GZ::CTF's client. */
  scoreboard = false;
  /** An admin's or a monitor's: pushed a frozen game's live board (issue #44). */
  liveBoard = false;
  /** Whose it is (none: anonymous): a team's own notices go to its members' connections only. */
  userId: string | undefined;

  constructor(
    readonly socket: WebSocket,
    readonly hub: HubName,
    readonly key: string,
    /** The language its closing words are said in. */
    readonly locale: Locale,
    private readonly maxBufferedBytes: number,
  ) {}

  send(data: string): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > this.maxBufferedBytes) {
      this.socket.terminate();
      return;
    }
    this.socket.send(data);
  }
}

/**
 * Closes a socket over the cap with 1013 and the reason, after answering the client's handshake with it as the
 * error: a SignalR client that had its socket closed before that would only report a failed send.
 */
export const refuse = (socket: WebSocket, reason: string): void => {
  const close = () => socket.close(tryAgainLater, closeReason(reason));
  const timer = setTimeout(close, refusalGraceMs);
  socket.once('message', () => {
    clearTimeout(timer);
    socket.send(frame({ error: reason }));
    close();
  });
  socket.on('close', () => clearTimeout(timer));
  socket.on('error', () => socket.terminate());
};

/**
 * Closes a connection whose credential was revoked or now says otherwise. A SignalR client is told not to reconnect,
 * except to the user hub, which it may open again anonymously (a browser signed out sends no cookie any more).
 */
export const revoke = (connection: Connection): void => {
  const reason = translate(msg`Your sign-in has ended or changed`, connection.locale);
  if (connection.handshaken) connection.send(closeFrame(reason, connection.hub === 'user'));
  connection.socket.close(policyViolation, closeReason(reason));
};

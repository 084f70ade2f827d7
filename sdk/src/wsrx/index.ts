// @pennon/sdk/wsrx: the local wsrx tunnel daemon: a client of its HTTP API and a connection controller
// (a zustand vanilla store), and a client of pennon-wsrx's control API. A separate entry, so the platform
// client's bundle does not carry it.
export * from './client.ts';
export * from './control.ts';
export * from './controller.ts';
export * from './storage.ts';

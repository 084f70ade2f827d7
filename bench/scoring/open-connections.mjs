// Opens a pool's keep-alive connections before the clock starts: a busy server accepts new ones slowly, which is not
// what is measured. One untimed GET / on each, all at once, so the pool opens one connection per request. Not HEAD:
// undici closes a connection after a HEAD request (for servers that send a body anyway), so every connection was
// opened again inside the timed phase, at saturation all in its first moments and at a paced load whenever more
// requests than ever before overlapped.
export const openConnections = (pool, count) =>
  Promise.all(
    Array.from({ length: count }, async () => (await pool.request({ method: 'GET', path: '/' })).body.dump()),
  );

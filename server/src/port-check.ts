// Whether the server can listen where it is told to, asked before anything is seeded: a port taken (or refused)
// fails the start while the database is still as it was. Port 0 (any free one) always can.
import net from 'node:net';

export const checkPort = (host: string, port: number): Promise<void> =>
  new Promise((resolve, reject) => {
    if (port === 0) return resolve();
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });

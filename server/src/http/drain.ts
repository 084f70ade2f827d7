// While the server closes, each answer ends its connection. A client's keep-alive socket would otherwise stay open
// after its last answer and hold the close (and so the judge's drain after it) until the shutdown timeout kills it.
import fp from 'fastify-plugin';

export const drainOnClose = fp(async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    done(null, payload);
  });
});

// §2.7 Captcha: which provider the client must satisfy, and HashPow challenges.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import type { Captcha } from '../captcha/captcha.ts';
import { mount } from '../http/mount.ts';

export const captchaApi = async (app: FastifyInstance, { captcha }: { captcha: Captcha }) => {
  mount(app, routes.info.captcha, () => captcha.info());

  // 404 with an empty body unless the provider is HashPow (§2.7).
  mount(app, routes.info.powChallenge, async (_request, reply) => {
    const challenge = captcha.powChallenge();
    return challenge ?? reply.code(404).send();
  });
};

// Signing up and in through the API, as a client does, and carrying the session cookie along.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export const cookieName = 'GZCTF_Token';
/** Its name where the platform is https (PENNON_PUBLIC_URL or the request's scheme). */
export const httpsCookieName = `__Host-${cookieName}`;

/** The session token a response set, or undefined. */
export const sessionToken = (res: LightMyRequestResponse, name = cookieName): string | undefined =>
  res.cookies.find((cookie) => cookie.name === name && cookie.value !== '')?.value;

export const asUser = (token: string | undefined, name = cookieName) =>
  token ? { cookies: { [name]: token } } : {};

export const register = (app: FastifyInstance, userName: string, email: string, password = 'Secret123') =>
  app.inject({ method: 'POST', url: '/api/account/register', payload: { userName, email, password } });

export const login = (app: FastifyInstance, userName: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/account/login', payload: { userName, password } });

/** Logs in and answers the session token, failing the test when login doesn't succeed. */
export const signedIn = async (app: FastifyInstance, userName: string, password: string): Promise<string> => {
  const res = await login(app, userName, password);
  expect(res.statusCode, res.body).toBe(200);
  const token = sessionToken(res);
  expect(token).toBeDefined();
  return token as string;
};

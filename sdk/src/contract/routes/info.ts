// §2.7 Info: public configuration, captcha and posts.
import { endpoints } from '../route.ts';
import type { info as schemas } from '../schemas/info.ts';

export const info = endpoints<typeof schemas>()({
  latestPosts: {
    method: 'GET',
    path: '/api/posts/latest',
    auth: 'anonymous',
    response: 'json',
    etag: true,
  },
  posts: {
    method: 'GET',
    path: '/api/posts',
    auth: 'anonymous',
    response: 'json',
    rateLimit: 'query',
    etag: true,
  },
  post: {
    method: 'GET',
    path: '/api/posts/{id}',
    auth: 'anonymous',
    response: 'json',
    etag: true,
  },
  config: {
    method: 'GET',
    path: '/api/config',
    auth: 'anonymous',
    response: 'json',
    etag: true,
  },
  captcha: {
    method: 'GET',
    path: '/api/captcha',
    auth: 'anonymous',
    response: 'json',
    etag: true,
  },
  powChallenge: {
    method: 'GET',
    path: '/api/captcha/powchallenge',
    auth: 'anonymous',
    response: 'json',
    rateLimit: 'powChallenge',
  },
});

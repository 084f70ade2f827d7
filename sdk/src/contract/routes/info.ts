// §2.7 Info: public configuration, captcha and posts.
import Type from 'typebox';
import {
  ClientCaptchaInfoModel,
  ClientConfig,
  HashPowChallenge,
  PostDetailModel,
  PostInfoModel,
} from '../models/info.ts';
import { route } from '../route.ts';

export const info = {
  latestPosts: route({
    method: 'GET',
    path: '/api/posts/latest',
    auth: 'anonymous',
    summary: 'The 20 latest posts, pinned first',
    response: Type.Array(PostInfoModel),
    etag: true,
  }),
  posts: route({
    method: 'GET',
    path: '/api/posts',
    auth: 'anonymous',
    summary: 'All posts, pinned first, then newest update',
    response: Type.Array(PostInfoModel),
    rateLimit: 'query',
    etag: true,
  }),
  post: route({
    method: 'GET',
    path: '/api/posts/{id}',
    auth: 'anonymous',
    summary: 'One post with its content',
    params: Type.Object({ id: Type.String() }),
    response: PostDetailModel,
    etag: true,
  }),
  config: route({
    method: 'GET',
    path: '/api/config',
    auth: 'anonymous',
    summary: 'The client configuration',
    response: ClientConfig,
    etag: true,
  }),
  captcha: route({
    method: 'GET',
    path: '/api/captcha',
    auth: 'anonymous',
    summary: 'The captcha provider the client must satisfy',
    response: ClientCaptchaInfoModel,
    etag: true,
  }),
  powChallenge: route({
    method: 'GET',
    path: '/api/captcha/powchallenge',
    auth: 'anonymous',
    summary: 'A proof-of-work challenge (404 unless the provider is HashPow)',
    response: HashPowChallenge,
    rateLimit: 'powChallenge',
  }),
};

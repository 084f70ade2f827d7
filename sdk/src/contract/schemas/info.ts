// §2.7 Info: public configuration, captcha and posts.
import Type from 'typebox';
import {
  ClientCaptchaInfoModel,
  ClientConfig,
  HashPowChallenge,
  PostDetailModel,
  PostInfoModel,
} from '../models/info.ts';
import type { EndpointSchemas } from '../route.ts';

export const info = {
  latestPosts: {
    summary: 'The 20 latest posts, pinned first',
    response: Type.Array(PostInfoModel),
  },
  posts: {
    summary: 'All posts, pinned first, then newest update',
    response: Type.Array(PostInfoModel),
  },
  post: {
    summary: 'One post with its content',
    params: Type.Object({ id: Type.String() }),
    response: PostDetailModel,
  },
  config: {
    summary: 'The client configuration',
    response: ClientConfig,
  },
  captcha: {
    summary: 'The captcha provider the client must satisfy',
    response: ClientCaptchaInfoModel,
  },
  powChallenge: {
    summary: 'A proof-of-work challenge (404 unless the provider is HashPow)',
    response: HashPowChallenge,
  },
} satisfies Record<string, EndpointSchemas>;

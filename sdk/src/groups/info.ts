// The info group (gzctf-api.md §2.7): public configuration, captcha and posts.
import type {
  ClientCaptchaInfoModel,
  ClientConfig,
  HashPowChallenge,
  PostDetailModel,
  PostInfoModel,
} from '../contract/models/info.ts';
import { info } from '../contract/routes/info.ts';
import type { CallOptions, Requester } from '../transport/transport.ts';

/** The info calls, as `client.info` has them: public configuration, captcha and posts. */
export interface InfoApi {
  /** GET /api/config: the platform's public configuration. Not retried (client-spec §7). */
  config(options?: CallOptions): Promise<ClientConfig>;
  /** GET /api/captcha: the captcha provider the client must satisfy. */
  captcha(options?: CallOptions): Promise<ClientCaptchaInfoModel>;
  /** GET /api/captcha/powchallenge: a proof-of-work challenge (404 unless the provider is HashPow). */
  powChallenge(options?: CallOptions): Promise<HashPowChallenge>;
  /** GET /api/posts: all posts, pinned first. */
  posts(options?: CallOptions): Promise<PostInfoModel[]>;
  /** GET /api/posts/latest: the 20 latest posts, pinned first. */
  latestPosts(options?: CallOptions): Promise<PostInfoModel[]>;
  /** GET /api/posts/{id}: one post with its content. */
  post(id: string, options?: CallOptions): Promise<PostDetailModel>;
}

/** The info group over a requester (see `createRequester`), for a script that needs only it. */
export const createInfoApi = (request: Requester): InfoApi => ({
  config: (options) => request(info.config, { ...options, retry: options?.retry ?? 0 }),
  captcha: (options) => request(info.captcha, options),
  powChallenge: (options) => request(info.powChallenge, options),
  posts: (options) => request(info.posts, options),
  latestPosts: (options) => request(info.latestPosts, options),
  post: (id, options) => request(info.post, { ...options, params: { id } }),
});

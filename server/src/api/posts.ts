// §2.7 and §2.5: posts as visitors read them and as admins write them.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../http/auth.ts';
import { mount } from '../http/mount.ts';
import type { PostService } from '../services/posts.ts';

export const postsApi = async (app: FastifyInstance, { posts }: { posts: PostService }) => {
  const { info, edit } = routes;

  mount(app, info.latestPosts, () => posts.latest());

  mount(app, info.posts, () => posts.all());

  mount(app, info.post, async (request) => posts.get(request.params.id));

  mount(app, edit.createPost, async (request) => posts.create(callerOf(request).id, request.body));

  mount(app, edit.updatePost, async (request) =>
    posts.update(callerOf(request).id, request.params.id, request.body),
  );

  mount(app, edit.deletePost, async (request) => {
    await posts.delete(request.params.id);
    return undefined;
  });
};

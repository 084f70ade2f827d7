// The posts as SWR keeps them: the full list, the home page's latest ones, and each post by id.
import { isPennonError, type PostDetailModel, type PostInfoModel } from '@pennon/sdk';
import useSWR, { useSWRConfig } from 'swr';
import { client } from '../../api/client.ts';

const POSTS_KEY = '/api/posts';
const LATEST_KEY = '/api/posts/latest';
const postKey = (id: string) => `/api/posts/${id}`;

/** All posts (`all`) or the latest twenty (`latest`), pinned first as the server orders them. */
export const usePosts = (which: 'all' | 'latest') => {
  const { data, error, mutate } = useSWR<PostInfoModel[]>(
    which === 'all' ? POSTS_KEY : LATEST_KEY,
    () => (which === 'all' ? client.info.posts() : client.info.latestPosts()),
    { revalidateOnFocus: false },
  );
  return { posts: data, error: error as unknown, refresh: () => mutate() };
};

/** One post; `notFound` when the server has none with that id. `null` fetches nothing. */
export const usePost = (id: string | null) => {
  const { data, error, mutate } = useSWR<PostDetailModel>(
    id ? postKey(id) : null,
    () => client.info.post(id ?? ''),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: (err: unknown) => !(isPennonError(err) && err.status === 404),
    },
  );
  const notFound = isPennonError(error) && error.status === 404;
  return { post: data, error: error as unknown, notFound, refresh: () => mutate() };
};

/** After an edit: drops every cached post list, and sets (or forgets) the edited post. */
export const usePostsCache = () => {
  const { mutate } = useSWRConfig();
  return async (id: string, post?: PostDetailModel) => {
    await Promise.all([
      mutate(POSTS_KEY),
      mutate(LATEST_KEY),
      post ? mutate(postKey(id), post, { revalidate: false }) : mutate(postKey(id), undefined),
    ]);
  };
};

import { type Icon, IconFileUnknown, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError/index.ts';
import { StatePanel } from '../../components/StatePanel/index.ts';

/** In place of a post page: why it cannot show, with the way back to the posts. */
function PostPageState({
  state,
  icon,
  color,
}: {
  state: 'not_found' | 'forbidden';
  icon: Icon;
  color: string;
}) {
  const { t } = useTranslation();
  return (
    <StatePanel
      icon={icon}
      color={color}
      title={t(`post.${state}.title`)}
      message={t(`post.${state}.message`)}
      order={1}
      mt="md"
      link={{ to: '/posts', label: t('post.back') }}
    />
  );
}

/** In place of a post that does not exist (any more). */
export const PostNotFound = () => <PostPageState state="not_found" icon={IconFileUnknown} color="gray" />;

/** In place of the editor for anyone but an admin. */
export const PostForbidden = () => <PostPageState state="forbidden" icon={IconLock} color="red" />;

/** A post that could not be loaded for another reason than not existing. */
export function PostLoadError({ error, retry }: { error: unknown; retry: () => unknown }) {
  return <LoadError error={error} retry={retry} title="post.load_one_failed" mt="md" />;
}

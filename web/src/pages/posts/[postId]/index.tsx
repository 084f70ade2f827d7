import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /posts/{postId} */
export default function PostPage() {
  const { t } = useTranslation();
  return <Page title={t('page.posts.detail')} />;
}

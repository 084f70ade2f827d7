import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page/index.ts';

/** /posts */
export default function PostsPage() {
  const { t } = useTranslation();
  return <Page title={t('page.posts.list')} />;
}

import { useTranslation } from 'react-i18next';
import { Page } from '../../../../components/Page/index.ts';

/** /posts/{postId}/Edit */
export default function PostEditPage() {
  const { t } = useTranslation();
  return <Page title={t('page.posts.edit')} />;
}

import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { client } from '../../../api/client.ts';
import { useUser } from '../../../api/useUser.ts';
import { AccountCard, SessionLoader } from '../../../components/AccountCard/index.ts';
import {
  IncompleteLink,
  LinkOutcomeView,
  linkParams,
  useLinkAction,
} from '../../../components/AccountLink/index.ts';
import { loginPath } from '../../../utils/redirect.ts';

/** /account/Confirm?token=…&email=…: confirm a change of e-mail address (signed in). */
export default function ConfirmPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { status, refresh } = useUser();
  const link = linkParams(location.search);
  const outcome = useLinkAction(link !== null && status === 'signedIn', async () => {
    if (!link) return;
    await client.account.confirmEmailChange(link);
    await refresh();
  });

  if (status === 'signedOut' && outcome.state === 'pending')
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (status === 'loading') return <SessionLoader />;

  return (
    <AccountCard title={t('page.account.confirm')}>
      {link ? (
        <LinkOutcomeView
          outcome={outcome}
          pending={t('account.confirm.pending')}
          doneTitle={t('account.confirm.done_title')}
          doneMessage={t('account.confirm.done_message')}
          failedTitle="account.confirm.failed"
          next={{ to: '/account/Profile', label: t('page.account.profile') }}
          fallback={{ to: '/account/Profile', label: t('page.account.profile') }}
        />
      ) : (
        <IncompleteLink retryTo="/account/Profile" retryLabel={t('page.account.profile')} />
      )}
    </AccountCard>
  );
}

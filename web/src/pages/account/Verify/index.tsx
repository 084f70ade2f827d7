import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { client } from '../../../api/client.ts';
import { useUser } from '../../../api/useUser.ts';
import { AccountCard } from '../../../components/AccountCard/index.ts';
import {
  IncompleteLink,
  LinkOutcomeView,
  linkParams,
  useLinkAction,
} from '../../../components/AccountLink/index.ts';

/** /account/Verify?token=…&email=…: confirm a new account's e-mail (which also signs it in). */
export default function VerifyPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { refresh } = useUser();
  const link = linkParams(search);
  const outcome = useLinkAction(link !== null, async () => {
    if (!link) return;
    await client.account.verify(link);
    await refresh();
  });

  return (
    <AccountCard title={t('page.account.verify')}>
      {link ? (
        <LinkOutcomeView
          outcome={outcome}
          pending={t('account.verify.pending')}
          doneTitle={t('account.verify.done_title')}
          doneMessage={t('account.verify.done_message')}
          failedTitle="account.verify.failed"
          next={{ to: '/', label: t('account.link.continue') }}
          fallback={{ to: '/account/Login', label: t('account.login.submit') }}
        />
      ) : (
        <IncompleteLink retryTo="/account/Login" retryLabel={t('account.login.submit')} />
      )}
    </AccountCard>
  );
}

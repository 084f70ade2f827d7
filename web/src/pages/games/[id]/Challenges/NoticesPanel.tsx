import { Paper, Text, Title } from '@mantine/core';
import type { GameNotice } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';
import { NoticeList } from '../../../../components/NoticeList/index.ts';
import classes from './Challenges.module.css';

/** The game's notices: organisers' announcements first (as the server orders them), then system notices. */
export function NoticesPanel({ notices }: { notices: GameNotice[] | undefined }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="aside" aria-labelledby="notices-title">
      <Title order={2} size="h5" id="notices-title" mb="sm">
        {t('game.notice.title')}
      </Title>
      <div className={classes.notices}>
        {notices === undefined ? (
          <Text size="sm" c="dimmed">
            {t('game.notice.loading')}
          </Text>
        ) : notices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('game.notice.empty')}
          </Text>
        ) : (
          <NoticeList notices={notices} />
        )}
      </div>
    </Paper>
  );
}

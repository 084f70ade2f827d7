import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { GameNotice, NoticeType } from '@pennon/sdk';
import { type Icon, IconBell, IconBulb, IconDroplet, IconSparkles } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../../components/Markdown/index.tsx';
import { RelativeTime } from '../../../../components/RelativeTime/index.ts';
import { MEDAL_COLORS } from './ChallengeCard.tsx';
import classes from './Challenges.module.css';

const NOTICE_STYLE: Record<NoticeType, { icon: Icon; color: string }> = {
  Normal: { icon: IconBell, color: 'blue' },
  FirstBlood: { icon: IconDroplet, color: MEDAL_COLORS[0] },
  SecondBlood: { icon: IconDroplet, color: MEDAL_COLORS[1] },
  ThirdBlood: { icon: IconDroplet, color: MEDAL_COLORS[2] },
  NewHint: { icon: IconBulb, color: 'yellow' },
  NewChallenge: { icon: IconSparkles, color: 'grape' },
};

/**
 * A system notice in words. The team and challenge names are data: they go through i18next as plain
 * values and React renders the result as text, so nothing in them is ever taken as markup.
 */
export function useNoticeText() {
  const { t } = useTranslation();
  return useCallback(
    (notice: GameNotice): string => {
      const [first = '', second = ''] = notice.values;
      switch (notice.type) {
        case 'FirstBlood':
        case 'SecondBlood':
        case 'ThirdBlood':
          return t(`game.notice.${notice.type}`, { team: first, challenge: second });
        case 'NewHint':
        case 'NewChallenge':
          return t(`game.notice.${notice.type}`, { challenge: first });
        default:
          return first;
      }
    },
    [t],
  );
}

/** The game's notices: organisers' announcements first (as the server orders them), then system notices. */
export function NoticesPanel({ notices }: { notices: GameNotice[] | undefined }) {
  const { t } = useTranslation();
  const text = useNoticeText();
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
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {notices.map((notice) => {
              const style = NOTICE_STYLE[notice.type] ?? NOTICE_STYLE.Normal;
              const NoticeIcon = style.icon;
              return (
                <li key={notice.id} data-testid="notice" data-type={notice.type}>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon
                      size={28}
                      radius="xl"
                      variant="light"
                      color={style.color}
                      style={{ flexShrink: 0 }}
                    >
                      <NoticeIcon size={16} aria-hidden />
                    </ThemeIcon>
                    <Stack gap={2} miw={0} style={{ flex: 1 }}>
                      {notice.type === 'Normal' ? (
                        <Markdown source={notice.values[0] ?? ''} fz="sm" />
                      ) : (
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {text(notice)}
                        </Text>
                      )}
                      <RelativeTime time={notice.time} size="xs" c="dimmed" />
                    </Stack>
                  </Group>
                </li>
              );
            })}
          </Stack>
        )}
      </div>
    </Paper>
  );
}

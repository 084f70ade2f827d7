import { Button, Center, Group, Pagination, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconDroplet, IconTrophy } from '@tabler/icons-react';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { client } from '../../../../api/client.ts';
import { useUser } from '../../../../api/useUser.ts';
import { BLOOD_KEYS, MEDAL_COLORS } from '../../../../components/ChallengeCard/index.ts';
import { FrozenBoard } from '../../../../components/FrozenBoard/index.ts';
import { LoadError } from '../../../../components/LoadError/index.ts';
import { ScoreboardTable } from '../../../../components/ScoreboardTable/index.ts';
import { ScoreTimeline } from '../../../../components/ScoreTimeline/index.ts';
import { StatePanel } from '../../../../components/StatePanel/index.ts';
import { TipLayer, tipProps } from '../../../../components/TipLayer/index.ts';
import { dateTimeFormat } from '../../../../i18n/formats.ts';
import { downloadWithNotice } from '../../../../utils/download.ts';
import { GameHeader } from '../../lib/GameTabs.tsx';
import { bloodBonusFields, bloodBonusLabel, flattenChallenges, pageOf } from '../../lib/logic.ts';
import { useScoreboard } from '../../lib/useScoreboard.ts';
import { canMonitor } from '../monitor/lib/access.ts';
import { parseGameId, useGame } from '../useGame.ts';
import { routeTeamLink } from './teamLink.tsx';

/** Teams a page (gzctf-api §5). */
const PAGE_SIZE = 30;
const PAGE_SIZE_MOBILE = 10;

/**
 * Its children one render late, at low priority, `fallback` until then: the table and its pages wait until the chart
 * above them is drawn, so a phone shows the chart without first working through every cell of the table.
 */
function AfterChart({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useDeferredValue(true, false) ? children : fallback;
}

/** /games/{id}/Scoreboard: ranking, score timeline of the top ten, per-challenge solves. */
export default function ScoreboardPage() {
  const { t, i18n } = useTranslation();
  const gameId = parseGameId(useParams().id);
  const { game } = useGame(gameId);
  const { user } = useUser();
  // Known on the first render (no server rendering here): a phone does not render a desktop page of teams first.
  const mobile = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const { data, error, retry } = useScoreboard(gameId);
  const [division, setDivision] = useState<string>('0');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const size = mobile ? PAGE_SIZE_MOBILE : PAGE_SIZE;
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const timeFormat = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });

  const divisionId = Number(division);
  const items = useMemo(
    () => (data?.items ?? []).filter((item) => (divisionId === 0 ? true : item.divisionId === divisionId)),
    [data, divisionId],
  );
  const challenges = useMemo(() => flattenChallenges(data?.challenges), [data]);
  const timeline = useMemo(
    () => data?.timelines.find((line) => line.divisionId === divisionId)?.teams ?? [],
    [data, divisionId],
  );
  const pages = Math.max(1, Math.ceil(items.length / size));
  // Stable between renders, so the memoised table and chart skip the page's clock ticks.
  const shown = useMemo(() => pageOf(items, Math.min(page, pages), size), [items, page, pages, size]);
  const canExport = canMonitor(user);
  const bonus = data ? bloodBonusFields(data.bloodBonus) : [0, 0, 0];
  const teamLink = useMemo(() => routeTeamLink(gameId), [gameId]);

  const exportSheet = async () => {
    setExporting(true);
    await downloadWithNotice(() => client.game.scoreboardSheet(gameId), `scoreboard-${gameId}.xlsx`, t);
    setExporting(false);
  };

  return (
    <Stack component="section" gap="md">
      <GameHeader
        gameId={gameId}
        title={game?.title}
        fallbackTitle={t('page.games.scoreboard')}
        start={game?.start}
        end={game?.end}
        active="scoreboard"
        playing={game?.status === 'Accepted'}
        actions={
          canExport && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={exporting}
              onClick={() => void exportSheet()}
            >
              {t('game.scoreboard.export')}
            </Button>
          )
        }
      />
      {!data && error ? (
        <LoadError error={error} retry={retry} title="game.scoreboard.load_failed" />
      ) : !data ? (
        <Stack gap="md" aria-busy>
          <Skeleton height={260} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      ) : (
        <>
          {data.frozen && <FrozenBoard frozen={data.frozen} />}
          <Group justify="space-between" gap="sm">
            {data.divisions.length > 0 ? (
              <Select
                label={t('game.scoreboard.division')}
                data={[
                  { value: '0', label: t('game.scoreboard.all_divisions') },
                  ...data.divisions.map((item) => ({ value: String(item.id), label: item.name })),
                ]}
                value={division}
                onChange={(value) => {
                  setDivision(value ?? '0');
                  setPage(1);
                }}
                allowDeselect={false}
                w={{ base: '100%', xs: 240 }}
              />
            ) : (
              <span />
            )}
            {/* One shared tooltip (TipLayer) rather than a Mantine Tooltip each: less for a phone to mount. */}
            <TipLayer>
              <Group gap="xs">
                {bonus.map((field, index) => {
                  const label = bloodBonusLabel(field);
                  return (
                    label && (
                      <Group
                        key={BLOOD_KEYS[index]}
                        gap={2}
                        wrap="nowrap"
                        {...tipProps(t('game.scoreboard.bonus_hint'))}
                      >
                        <IconDroplet
                          size={16}
                          color={MEDAL_COLORS[index]}
                          fill={MEDAL_COLORS[index]}
                          aria-hidden
                        />
                        <Text size="sm">
                          {t(`game.blood.${BLOOD_KEYS[index]}`)} {label}
                        </Text>
                      </Group>
                    )
                  );
                })}
              </Group>
            </TipLayer>
          </Group>
          {game && (
            <ScoreTimeline
              teams={timeline}
              start={game.start}
              end={game.end}
              withRangeControl
              teamLink={teamLink}
            />
          )}
          {items.length === 0 ? (
            <StatePanel
              icon={IconTrophy}
              color="gray"
              title={t('game.scoreboard.empty.title')}
              message={t('game.scoreboard.empty.message')}
            />
          ) : (
            <AfterChart fallback={<Skeleton height={320} radius="md" />}>
              <ScoreboardTable
                items={shown}
                challenges={challenges}
                divisionId={divisionId}
                teamLink={teamLink}
              />
              {pages > 1 && (
                <Center>
                  <Pagination
                    total={pages}
                    value={Math.min(page, pages)}
                    onChange={setPage}
                    size={mobile ? 'sm' : 'md'}
                    getControlProps={(control) => ({ 'aria-label': t(`game.paging.${control}`) })}
                    getItemProps={(item) => ({ 'aria-label': t('game.paging.page', { page: item }) })}
                  />
                </Center>
              )}
            </AfterChart>
          )}
          <Text size="xs" c="dimmed" ta="right">
            {t('game.scoreboard.updated', { time: timeFormat.format(data.updateTimeUtc) })}
          </Text>
        </>
      )}
    </Stack>
  );
}

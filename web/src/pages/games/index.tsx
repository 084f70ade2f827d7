import {
  Center,
  Group,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFlag3, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUser } from '../../api/useUser.ts';
import { LoadError } from '../../components/LoadError/index.ts';
import { StatePanel } from '../../components/StatePanel/index.ts';
import { GameCard } from './GameCard.tsx';
import { filterGames, PHASE_FILTERS, phaseFilter } from './lib/gameFilter.ts';
import { pageOf } from './lib/logic.ts';
import { useAllGames } from './lib/useAllGames.ts';
import { useNow } from './lib/useNow.ts';
import { ParticipationMarker } from './ParticipationMarker.tsx';

/** Games a page. */
const PAGE_SIZE = 12;

/**
 * /games: every visible game, latest start first, a page at a time (`?page=`), filtered by phase (`?phase=`)
 * and searched (`?q=`); the caller's own games say whether the team is in or awaiting review.
 */
export default function GamesPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  const now = useNow(30_000);
  const [params, setParams] = useSearchParams();
  const phase = phaseFilter(params.get('phase'));
  const query = params.get('q') ?? '';
  const { data, error, mutate } = useAllGames();
  const found = useMemo(() => filterGames(data ?? [], phase, query, now), [data, phase, query, now]);
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));

  /** Changes one parameter, back to the first page. */
  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: key === 'q' },
    );

  let content: React.ReactNode;
  if (!data && error) {
    content = <LoadError error={error} retry={mutate} title="game.load_failed" />;
  } else if (!data) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy>
        <Skeleton height={300} radius="md" />
        <Skeleton height={300} radius="md" />
        <Skeleton height={300} radius="md" />
      </SimpleGrid>
    );
  } else if (data.length === 0) {
    content = <StatePanel icon={IconFlag3} title={t('game.empty.title')} message={t('game.empty.message')} />;
  } else if (found.length === 0) {
    content = (
      <StatePanel
        icon={IconSearch}
        color="gray"
        title={t('game.list.none_found')}
        message={t('game.list.none_found_message')}
        testId="games-none-found"
      />
    );
  } else {
    content = (
      <>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {pageOf(found, page, PAGE_SIZE).map((game) => (
            <GameCard
              key={game.id}
              game={game}
              marker={user ? <ParticipationMarker gameId={game.id} /> : undefined}
            />
          ))}
        </SimpleGrid>
        {pages > 1 && (
          <Center>
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => setParam('page', String(next))}
              getControlProps={(control) => ({ 'aria-label': t(`game.paging.${control}`) })}
              getItemProps={(item) => ({ 'aria-label': t('game.paging.page', { page: item }) })}
            />
          </Center>
        )}
      </>
    );
  }

  return (
    <Stack component="section" gap="md">
      <Stack gap={2}>
        <Title order={1}>{t('page.games.list')}</Title>
        <Text c="dimmed" size="sm">
          {t('game.subtitle')}
        </Text>
      </Stack>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          value={phase}
          onChange={(value) => setParam('phase', value === 'all' ? null : value)}
          data={PHASE_FILTERS.map((value) => ({
            value,
            label: value === 'all' ? t('game.list.all') : t(`game.phase.${value}`),
          }))}
          aria-label={t('game.list.phase')}
          data-testid="phase-filter"
        />
        <TextInput
          type="search"
          leftSection={<IconSearch size={16} />}
          placeholder={t('game.list.search')}
          aria-label={t('game.list.search')}
          value={query}
          onChange={(event) => setParam('q', event.currentTarget.value || null)}
          style={{ flex: '1 1 200px' }}
          maw={360}
        />
      </Group>
      {content}
    </Stack>
  );
}

import { Center, Pagination, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFlag3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { client } from '../../api/client.ts';
import { LoadError } from '../../components/LoadError/index.ts';
import { StatePanel } from '../../components/StatePanel/index.ts';
import { GameCard } from './GameCard.tsx';

/** Games a page. */
const PAGE_SIZE = 12;

/** /games: every visible game, latest start first, a page at a time (`?page=`). */
export default function GamesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, error, mutate } = useSWR(
    ['/api/game', page],
    () => client.game.list({ count: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE }),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

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
  } else if (data.data.length === 0) {
    content = <StatePanel icon={IconFlag3} title={t('game.empty.title')} message={t('game.empty.message')} />;
  } else {
    content = (
      <>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {data.data.map((game) => (
            <GameCard key={game.id} game={game} />
          ))}
        </SimpleGrid>
        {pages > 1 && (
          <Center>
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => setParams({ page: String(next) })}
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
      {content}
    </Stack>
  );
}

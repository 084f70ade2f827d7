import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A post's tags as small badges; nothing when it has none. */
export function PostTags({ tags }: { tags: string[] | null }) {
  const { t } = useTranslation();
  if (!tags?.length) return null;
  return (
    <Group component="ul" gap={6} aria-label={t('post.tags')} p={0} m={0} style={{ listStyle: 'none' }}>
      {tags.map((tag) => (
        <Badge component="li" key={tag} variant="light" size="sm" radius="sm" tt="none">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

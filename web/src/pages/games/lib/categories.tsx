// Each challenge category's icon and colour, used on the board, in the challenge view and the scoreboard.
import type { ChallengeCategory } from '@pennon/sdk';
import {
  type Icon,
  IconBrain,
  IconBrandAndroid,
  IconBug,
  IconCpu,
  IconCurrencyEthereum,
  IconFingerprint,
  IconKey,
  IconPuzzle,
  IconRobot,
  IconSearch,
  IconShieldLock,
  IconTerminal2,
  IconWorldWww,
} from '@tabler/icons-react';

export const CATEGORY_STYLE: Record<ChallengeCategory, { icon: Icon; color: string }> = {
  Misc: { icon: IconPuzzle, color: 'teal' },
  Crypto: { icon: IconKey, color: 'indigo' },
  Pwn: { icon: IconBug, color: 'red' },
  Web: { icon: IconWorldWww, color: 'blue' },
  Reverse: { icon: IconTerminal2, color: 'orange' },
  Blockchain: { icon: IconCurrencyEthereum, color: 'lime' },
  Forensics: { icon: IconFingerprint, color: 'cyan' },
  Hardware: { icon: IconCpu, color: 'violet' },
  Mobile: { icon: IconBrandAndroid, color: 'green' },
  PPC: { icon: IconBrain, color: 'yellow' },
  AI: { icon: IconRobot, color: 'grape' },
  Pentest: { icon: IconShieldLock, color: 'pink' },
  OSINT: { icon: IconSearch, color: 'gray' },
};

export const categoryStyle = (category: string) =>
  CATEGORY_STYLE[category as ChallengeCategory] ?? CATEGORY_STYLE.Misc;

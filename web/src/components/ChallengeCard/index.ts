export { Bloods, ChallengeCard, type ChallengeCardProps } from './ChallengeCard.tsx';
export { BLOOD_KEYS, MEDAL_COLORS } from './medals.ts';

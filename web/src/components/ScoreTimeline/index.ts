export { ScoreTimeline, type ScoreTimelineProps } from './ScoreTimeline.tsx';

export { ScoreTimeline, type ScoreTimelineProps } from './ScoreTimeline.tsx';
export { activityRange, RANGE_HOURS, type TimelineRange } from './timeline.ts';

export { ScoreboardTable, type ScoreboardTableProps } from './ScoreboardTable.tsx';

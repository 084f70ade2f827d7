export {
  medalColor,
  type ScoreboardColumns,
  ScoreboardTable,
  type ScoreboardTableProps,
  type TeamLink,
} from './ScoreboardTable.tsx';

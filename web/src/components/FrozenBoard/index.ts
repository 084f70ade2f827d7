export { FrozenBoard } from './FrozenBoard.tsx';

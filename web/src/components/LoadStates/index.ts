export { LoadStates, type LoadStatesProps } from './LoadStates.tsx';

export { ConfirmSubject, type ConfirmSubjectProps } from './ConfirmSubject.tsx';

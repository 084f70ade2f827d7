import type { SecondFactor, SignInResult } from '@pennon/sdk';
import { EnrolForm } from './EnrolForm.tsx';
import { SecondFactorForm } from './SecondFactorForm.tsx';

/** A sign-in waiting on its second factor, or on setting one up. */
export type PendingStep = { kind: 'factor'; factors: SecondFactor[] } | { kind: 'enrol' };

/** The step a sign-in's answer asks for next, or null once signed in. */
export const pendingOf = (result: SignInResult): PendingStep | null =>
  result.status === 'SecondFactorRequired'
    ? { kind: 'factor', factors: result.factors }
    : result.status === 'EnrolmentRequired'
      ? { kind: 'enrol' }
      : null;

const FACTORS: readonly SecondFactor[] = ['Totp', 'Passkey', 'RecoveryCode'];

/** The step in the address a provider's sign-in comes back to (`?step=factor&factors=Totp,Passkey`, `?step=enrol`). */
export const pendingFromQuery = (params: URLSearchParams): PendingStep | null => {
  if (params.get('step') === 'enrol') return { kind: 'enrol' };
  if (params.get('step') !== 'factor') return null;
  const named = (params.get('factors') ?? '').split(',');
  return { kind: 'factor', factors: FACTORS.filter((factor) => named.includes(factor)) };
};

export interface SignInStepProps {
  step: PendingStep;
  /** The sign-in moved on: signed in, or another step. */
  onResult: (result: SignInResult) => void;
  /** Back to the first step. */
  onCancel: () => void;
}

/** The page of a sign-in's pending step. */
export function SignInStep({ step, onResult, onCancel }: SignInStepProps) {
  return step.kind === 'factor' ? (
    <SecondFactorForm factors={step.factors} onResult={onResult} onCancel={onCancel} />
  ) : (
    <EnrolForm onSignedIn={() => onResult({ status: 'SignedIn', factors: [] })} onCancel={onCancel} />
  );
}

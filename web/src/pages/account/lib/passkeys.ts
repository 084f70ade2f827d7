// The browser's side of passkeys, by @simplewebauthn/browser: the SDK's challenges in, the signed answers out.
import type {
  PasskeyAssertion,
  PasskeyAttestation,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
} from '@pennon/sdk';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';

type RequestJSON = Parameters<typeof startAuthentication>[0]['optionsJSON'];
type CreationJSON = Parameters<typeof startRegistration>[0]['optionsJSON'];

/** Signs the challenge with a passkey the user picks. */
export const signChallenge = async (options: PasskeyRequestOptions): Promise<PasskeyAssertion> =>
  (await startAuthentication({ optionsJSON: options as RequestJSON })) as PasskeyAssertion;

/** Makes a new passkey for the challenge. */
export const createPasskey = async (options: PasskeyCreationOptions): Promise<PasskeyAttestation> =>
  (await startRegistration({ optionsJSON: options as CreationJSON })) as PasskeyAttestation;

/** The user closed the browser's passkey prompt, or it timed out: not a failure to report as one. */
export const isDismissed = (err: unknown): boolean =>
  err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError');

import type { SignInMethods } from '@pennon/sdk';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { ONCE } from '../../../api/once.ts';

/** What a server that does not say offers: passwords only. */
const PASSWORDS_ONLY: SignInMethods = { password: true, passwordRegistration: true, providers: [] };

/** How one signs in here (password on or off, the providers' buttons); undefined while it is asked. */
export const useSignInMethods = (): SignInMethods | undefined => {
  const { data, error } = useSWR('/api/signin', () => client.signIn.methods(), ONCE);
  return data ?? (error ? PASSWORDS_ONLY : undefined);
};

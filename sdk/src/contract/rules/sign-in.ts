// Limits of the sign-in methods that the web client's forms apply before the server does.

/** The longest name a passkey may be given. */
export const PASSKEY_NAME_MAX = 64;

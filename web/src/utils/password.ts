// The server's password rules (gzctf-api §1.2): at least 6 characters, a digit, a lower- and an
// upper-case letter. Each rule names its translation key, for the strength hint.

export interface PasswordRule {
  key: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { key: 'account.password.rule.length', test: (p) => [...p].length >= 6 },
  { key: 'account.password.rule.digit', test: (p) => /\d/u.test(p) },
  { key: 'account.password.rule.lower', test: (p) => /\p{Ll}/u.test(p) },
  { key: 'account.password.rule.upper', test: (p) => /\p{Lu}/u.test(p) },
];

export const isStrongPassword = (password: string): boolean =>
  PASSWORD_RULES.every((rule) => rule.test(password));

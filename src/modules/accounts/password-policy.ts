/**
 * What a password must be: long enough and not one everybody tries first. No
 * composition rules (they make passwords harder to remember, not to guess).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The most common passwords of 8+ characters in public breach lists, lowercased. */
const COMMON_PASSWORDS = new Set(
  (
    '12345678 123456789 1234567890 12345678910 password password1 password12 password123 passw0rd p@ssw0rd ' +
    'qwertyuiop qwerty123 qwerty12 qwerty1234 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qaz2wsx3edc zaq12wsx zaq1zaq1 ' +
    'iloveyou iloveyou1 11111111 111111111 00000000 88888888 87654321 11223344 12341234 12121212 ' +
    'abc12345 abcd1234 abcdefgh 123123123 123321123 1234qwer qwer1234 asdfghjkl asdfasdf asdf1234 ' +
    'sunshine princess football baseball superman batman123 starwars whatever trustno1 letmein1 ' +
    'welcome1 welcome123 monkey123 dragon123 shadow123 master123 michael1 jennifer jordan23 ' +
    'computer internet corvette mercedes ferrari1 liverpool chelsea1 arsenal1 barcelona manchester ' +
    'football1 baseball1 basketball soccer12 hockey12 charlie1 freedom1 1234abcd changeme changeme123 ' +
    'administrator admin123 admin1234 root1234 secret123 default1 guest123 test1234 testtest ' +
    'password! password1! qazwsxedc q1w2e3r4 q1w2e3r4t5 1a2b3c4d aaaaaaaa zzzzzzzz 7777777 77777777 ' +
    '99999999 55555555 66666666 98765432 987654321 147258369 123654789 159753456 789456123 ' +
    'lovely123 loveme123 sweetheart butterfly chocolate cookie123 pokemon1 minecraft fortnite ' +
    'summer2024 winter2024 spring2024 autumn2024 summer2025 winter2025 january1 december1 ' +
    'inkwell1 inkwell123 medium123'
  ).split(/\s+/),
);

export type PasswordProblem = 'password too short' | 'password too long' | 'password too common';

export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'password too short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'password too long';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'password too common';
  return null;
}

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  'password too short': `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  'password too long': `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  'password too common': 'That password is among the first ones people try. Choose another.',
};

// The shared schemas speak the spec's English (commerce-core §5), which the API answers as it is; the
// forms show the same rule in the page's language. One table turns a schema message into its key.

import { PHONE_CODE_MESSAGE, PHONE_MESSAGE } from '../locale/phone.ts';
import { EMAIL_MESSAGE } from '../schema/identity.ts';
import { NAME_MESSAGE, PASSWORD_MESSAGES } from '../schema/sign-up.ts';
import type { MessageKey } from './en.ts';
import type { Translate } from './format.ts';

const EXACT: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  ['This field is required', 'validation.required'],
  [EMAIL_MESSAGE, 'validation.email'],
  [NAME_MESSAGE, 'validation.name'],
  [PHONE_MESSAGE, 'validation.phone'],
  [PHONE_CODE_MESSAGE, 'validation.phoneCode'],
  [PASSWORD_MESSAGES.summary, 'validation.passwordSummary'],
  [PASSWORD_MESSAGES.length, 'validation.passwordLength'],
  [PASSWORD_MESSAGES.number, 'validation.passwordNumber'],
  [PASSWORD_MESSAGES.upper, 'validation.passwordUpper'],
  [PASSWORD_MESSAGES.lower, 'validation.passwordLower'],
  ['Date should be after 1900.', 'validation.dateAfter1900'],
  ['Choose a store from the list.', 'validation.chooseStore'],
  ['Choose your name from the list.', 'validation.chooseEmployee'],
  ['The PIN is 4 to 8 digits.', 'validation.pin'],
]);

const PATTERNS: readonly (readonly [RegExp, MessageKey, string])[] = [
  [/^Value must not be longer than (\d+) characters$/, 'validation.maxLength', 'n'],
  [/^Value must contain at least (\d+) characters$/, 'validation.minLength', 'n'],
  [/^You must be at least (\d+) years old\.$/, 'validation.minimumAge', 'n'],
  [/^Date should match (\S+) and be a valid date\.$/, 'validation.date', 'format'],
];

/** The message in the page's language; one the table does not know stays as the schema wrote it. */
export function localizeValidation(t: Translate, message: string): string {
  const key = EXACT.get(message);
  if (key) return t(key);
  for (const [pattern, patternKey, param] of PATTERNS) {
    const match = pattern.exec(message);
    if (match?.[1]) return t(patternKey, { [param]: param === 'n' ? Number(match[1]) : match[1] });
  }
  return message;
}

/** Every key the table can answer, for an island's message subset. */
export const VALIDATION_KEYS: readonly MessageKey[] = [...EXACT.values(), ...PATTERNS.map(([, key]) => key)];

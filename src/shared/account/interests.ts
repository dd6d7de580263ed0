// The interests a shopper can pick in the interests step (account-content §3, preferences): stored as a
// pipe-separated string of these codes, so a renamed label never orphans a stored choice.

export const INTERESTS = ['hiking', 'trail-running', 'running', 'climbing', 'camping', 'travel', 'walking', 'training', 'lifestyle', 'kids'] as const;
export type Interest = (typeof INTERESTS)[number];

export function isInterest(value: string): value is Interest {
  return (INTERESTS as readonly string[]).includes(value);
}

/** "hiking|running" -> the known codes in it, each once, in the list's order. */
export function parseInterests(value: string | null | undefined): Interest[] {
  const chosen = new Set((value ?? '').split('|'));
  return INTERESTS.filter((interest) => chosen.has(interest));
}

export function joinInterests(interests: readonly string[]): string {
  return INTERESTS.filter((interest) => interests.includes(interest)).join('|');
}

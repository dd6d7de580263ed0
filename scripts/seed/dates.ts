// Calendar arithmetic on ISO dates (YYYY-MM-DD) in UTC, so results never depend on the machine's time zone.

const DAY_MS = 86_400_000;

/** ISO date (YYYY-MM-DD) a whole number of days after `start`, computed in UTC. */
export function addDays(start: string, days: number): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
}

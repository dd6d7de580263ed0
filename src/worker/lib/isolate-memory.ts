// What an isolate keeps between requests (catalog index, content copies, running promotions, rendered
// bodies...), made in one place so all of it can be forgotten at once: the integration tests run many
// files in one isolate and start each from the seeded database, which memory of the last file would
// contradict for up to a cache's lifetime.

const forgetters = new Set<() => void>();

/** A Map that lives as long as the isolate, cleared with the rest by `forgetIsolateMemory`. */
export function isolateMap<K, V>(): Map<K, V> {
  const map = new Map<K, V>();
  forgetters.add(() => map.clear());
  return map;
}

/** Registers how to forget a piece of isolate memory that is not a Map (a cached value, a pending load). */
export function onForget(forget: () => void): void {
  forgetters.add(forget);
}

export function forgetIsolateMemory(): void {
  for (const forget of forgetters) forget();
}

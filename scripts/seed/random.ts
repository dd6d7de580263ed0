// Seeded pseudo-random numbers, so the seed data comes out the same on every run.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** A shuffled copy; the input is left alone. */
  shuffle<T>(items: readonly T[]): T[];
  /** Picks by relative weight: [['boot', 3], ['chukka', 1]]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
}

// xmur3: spreads a string over 32-bit seeds, so near-identical names still give unrelated streams.
function seedsFrom(text: string): () => number {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return h >>> 0;
  };
}

/**
 * sfc32 seeded from a string. Each part of the catalog takes its own named stream, so
 * changing how one table is generated does not reshuffle every other table.
 */
export function createRandom(seed: string): Random {
  const nextSeed = seedsFrom(seed);
  let a = nextSeed();
  let b = nextSeed();
  let c = nextSeed();
  let d = nextSeed();

  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // sfc32 is weak for its first outputs; discard them as its author recommends.
  for (let i = 0; i < 15; i++) next();

  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick() from an empty list');
    return items[int(0, items.length - 1)] as T;
  };

  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };

  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted() from an empty list');
    return last[0];
  };

  return { next, int, pick, chance: (probability) => next() < probability, shuffle, weighted };
}

export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random characters from `alphabet` (uppercase alphanumerics by default); the caller keeps codes unique. */
export function randomCode(random: Random, length: number, alphabet = ALPHANUMERIC): string {
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet.charAt(random.int(0, alphabet.length - 1));
  return code;
}

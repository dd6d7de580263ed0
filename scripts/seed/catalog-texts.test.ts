// Seed catalog requirements for style copy: names, eyebrows, descriptions, details and model measurements.

import { describe, expect, it } from 'vitest';
import { departmentOf, groupBy, rows, share, str } from './test-support.ts';

const styles = rows('styles');
const texts = rows('style_texts');

describe('style texts', () => {
  const byLang = groupBy(texts, (t) => t.lang);
  const en = byLang.get('en') ?? [];
  const fr = byLang.get('fr') ?? [];

  it('has an en and a fr row per style, with names unique per language and translated', () => {
    expect(en.map((t) => t.style_id)).toEqual(styles.map((s) => s.id));
    expect(fr.map((t) => t.style_id)).toEqual(styles.map((s) => s.id));
    expect(new Set(en.map((t) => t.name)).size).toBe(styles.length);
    expect(new Set(fr.map((t) => t.name)).size).toBe(styles.length);
    for (const [i, t] of en.entries()) expect(fr[i]?.name).not.toBe(t.name);
    expect(fr.some((t) => /^Chaussure de randonnée /.test(str(t, 'name')))).toBe(true);
  });

  it('has eyebrows on about 40% of styles, in both languages', () => {
    for (const [i, t] of en.entries()) expect(t.eyebrow === null).toBe(fr[i]?.eyebrow === null);
    expect(share(en.filter((t) => t.eyebrow !== null).length, en.length)).toBeCloseTo(0.4, 1);
  });

  it('writes 2-3 sentence descriptions and 4-6 detail bullets', () => {
    for (const t of texts) {
      const sentences = str(t, 'description').match(/[.!?](?=\s|$)/g) ?? [];
      expect(sentences.length >= 2 && sentences.length <= 3).toBe(true);
      const details = JSON.parse(str(t, 'details')) as unknown[];
      expect(details.length >= 4 && details.length <= 6 && details.every((d) => typeof d === 'string')).toBe(true);
    }
    expect(new Set(en.map((t) => t.description)).size).toBeGreaterThan(styles.length * 0.95);
  });

  it('gives model measurements to apparel only', () => {
    const apparel = new Set(styles.filter((s) => departmentOf(s) === 'apparel').map((s) => s.id));
    expect(apparel.size).toBeGreaterThan(100);
    for (const t of texts) {
      if (!apparel.has(t.style_id as string)) expect(t.model_measurements).toBeNull();
      else
        expect(str(t, 'model_measurements')).toMatch(
          t.lang === 'en' ? /^Model is \d{3} cm \(\d'\d{1,2}"\) and wears size \S/ : /^Le mannequin mesure \d,\d{2} m et porte la taille \S/,
        );
    }
  });
});

import { describe, expect, it } from 'vitest';
import { phrasebookTranslator, translateFromCopy, UntranslatableText } from './phrasebook.ts';
import { REVIEW_COPY } from './review-copy.ts';

describe('the local translator', () => {
  it('translates a seeded review sentence by sentence, in any direction between the seeded languages', () => {
    const en = REVIEW_COPY.en;
    const fr = REVIEW_COPY.fr;
    const text = `${en.general.love[1]} ${en.group.footwear.good[0]} ${en.fit['-1']}`;
    expect(translateFromCopy(text, 'en', 'fr')).toBe(`${fr.general.love[1]} ${fr.group.footwear.good[0]} ${fr.fit['-1']}`);
    expect(translateFromCopy(translateFromCopy(text, 'en', 'de'), 'de', 'it')).toBe(
      `${REVIEW_COPY.it.general.love[1]} ${REVIEW_COPY.it.group.footwear.good[0]} ${REVIEW_COPY.it.fit['-1']}`,
    );
    expect(translateFromCopy(en.titles.poor[2] as string, 'en', 'it')).toBe(REVIEW_COPY.it.titles.poor[2]);
  });

  it('refuses words it does not have rather than make a translation up', async () => {
    expect(() => translateFromCopy('These boots are great for my dog walks.', 'en', 'fr')).toThrow(UntranslatableText);
    expect(() => translateFromCopy(`${REVIEW_COPY.en.general.like[0]} And my own words.`, 'en', 'fr')).toThrow(UntranslatableText);
    await expect(phrasebookTranslator.translate(['Bonjour'], 'fr', 'en')).rejects.toThrow(UntranslatableText);
  });
});

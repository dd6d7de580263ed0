import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CollectionBlock } from '../../../shared/content/blocks.ts';
import { SLIDE_REM_MAX, type SlideSetting } from '../../../shared/content/slide-sizes.ts';
import { planCollection, slideSizeClasses } from './collection-layout.ts';

const collection = (layout: CollectionBlock['layout'], extra: Partial<CollectionBlock> = {}): CollectionBlock => ({
  type: 'Collection',
  id: 'c',
  variant: 'standard',
  items: [],
  layout,
  ...extra,
});

const CSS = readFileSync(new URL('../../../client/styles/blocks/slide-sizes.css', import.meta.url), 'utf8');

/** The custom property and value a class sets in slide-sizes.css, e.g. ['--sm-sw-u', '6rem']. */
function ruleOf(className: string): [string, string] | null {
  const match = new RegExp(`\\.${className} \\{\\s*(--[a-z-]+): ([0-9.]+rem);\\s*\\}`).exec(CSS);
  return match ? [match[1] ?? '', match[2] ?? ''] : null;
}

/** What the digit classes of one setting add up to, read from the stylesheet. */
function remFromStylesheet(classes: string[]): number {
  return classes.slice(1).reduce((sum, name) => {
    const rule = ruleOf(name);
    if (!rule) throw new Error(`slide-sizes.css has no rule for .${name}`);
    return sum + Number.parseFloat(rule[1]);
  }, 0);
}

describe('slide sizes', () => {
  it('resolves slideWidth, slideMaxWidth and slidePadding per breakpoint, where the collection is a carousel', () => {
    const plan = planCollection(
      collection({
        sm: { type: 'carousel', slideWidth: 16, slidePadding: 0.5 },
        md: { type: 'carousel', slideWidth: 19.25, slideMaxWidth: 24 },
        lg: { type: 'grid', columns: 4, slideWidth: 30 },
      }),
    );
    expect(plan.layouts.sm.slides).toEqual({ slideWidth: 16, slidePadding: 0.5 });
    expect(plan.layouts.md.slides).toEqual({ slideWidth: 19.25, slideMaxWidth: 24 });
    // A grid's cells follow its columns: the slide sizes do not apply.
    expect(plan.layouts.lg.slides).toEqual({});
    const classes = plan.classes.split(' ');
    expect(classes).toEqual(
      expect.arrayContaining(['collection--sm-sw', 'collection--sm-sw-t1', 'collection--sm-sw-u6', 'collection--sm-sp', 'collection--sm-sp-q2']),
    );
    expect(classes).toEqual(expect.arrayContaining(['collection--md-sw', 'collection--md-sw-t1', 'collection--md-sw-u9', 'collection--md-sw-q1']));
    expect(classes).toEqual(expect.arrayContaining(['collection--md-smw', 'collection--md-smw-t2', 'collection--md-smw-u4']));
    expect(classes.filter((c) => c.startsWith('collection--lg-s'))).toEqual([]);
  });

  it('lets a breakpoint without a layout take the smaller one, and a stacked collection none on md and lg', () => {
    const inherited = planCollection(collection({ sm: { type: 'carousel', slideWidth: 12 } }));
    expect(inherited.layouts.md.slides).toEqual({ slideWidth: 12 });
    expect(inherited.layouts.lg.slides).toEqual({ slideWidth: 12 });
    const stacked = planCollection(collection({ sm: { type: 'carousel', slideWidth: 12 } }, { name: 'Picks [stacked]' }));
    expect(stacked.layouts.sm.slides).toEqual({ slideWidth: 12 });
    expect(stacked.layouts.md.slides).toEqual({});
    expect(stacked.classes).not.toContain('collection--md-sw');
  });

  it('rounds to a quarter rem and keeps within the bounds the stylesheet spells', () => {
    const plan = planCollection(collection({ sm: { type: 'carousel', slideWidth: 16.4, slideMaxWidth: 90, slidePadding: -1 } }));
    expect(plan.layouts.sm.slides).toEqual({ slideWidth: 16.5, slideMaxWidth: SLIDE_REM_MAX.slideMaxWidth, slidePadding: 0 });
    expect(plan.classes).toContain('collection--sm-sp');
    expect(plan.classes).not.toMatch(/collection--sm-sp-/);
  });

  it('has a rule in slide-sizes.css for every class a length can need, adding up to that length', () => {
    // Every collection starts each part at zero, so a collection in another's slide does not inherit its digits.
    const reset = /^\.collection \{([^}]*)\}/m.exec(CSS)?.[1] ?? '';
    for (const bp of ['sm', 'md', 'lg'] as const) {
      for (const setting of Object.keys(SLIDE_REM_MAX) as SlideSetting[]) {
        for (let quarters = 0; quarters <= SLIDE_REM_MAX[setting] * 4; quarters++) {
          const classes = slideSizeClasses(bp, setting, quarters / 4);
          expect(remFromStylesheet(classes), classes.join(' ')).toBe(quarters / 4);
          for (const name of classes.slice(1)) expect(reset).toContain(`${ruleOf(name)?.[0]}: 0rem;`);
        }
        // The marker's rule adds the digits up, inside the breakpoint's media query.
        const marker = slideSizeClasses(bp, setting, 1)[0] ?? '';
        expect(CSS).toContain(`.collection--${bp}-carousel.${marker} .carousel__slide {`);
      }
    }
  });
});

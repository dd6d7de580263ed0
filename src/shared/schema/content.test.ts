import { describe, expect, it } from 'vitest';
import { checkDocument } from './content.ts';

const text = (id: string) => ({ type: 'RichText', id, richText: `<p>${id}</p>` });

describe('checkDocument', () => {
  it('passes a document that holds, untouched', () => {
    const body = { items: [text('a')], extra: 'kept' };
    expect(checkDocument('espot', body)).toEqual({ document: body, problems: [] });
  });

  it('takes out only the blocks, sections entries, menu nodes and pop-ups that fail', () => {
    const page = checkDocument<{ content: { sections: { items: { id: string }[] }[] } }>('page', {
      content: { sections: [{ name: 'main', items: [text('a'), { type: 'Spacer', id: 'b' }, text('c')] }] },
      metadata: {},
    });
    expect(page.document?.content.sections[0]?.items.map((b) => b.id)).toEqual(['a', 'c']);
    expect(page.problems[0]).toMatch(/^content\.sections\.0\.items\.1\.size: /);

    const menu = checkDocument<{ items: { id: string }[] }>('menu', { items: [{ title: 'No id' }, { id: 'women', title: 'Women' }] });
    expect(menu.document?.items.map((n) => n.id)).toEqual(['women']);

    const popups = checkDocument<{ popups: unknown[] }>('popups', { popups: [{ id: 'p1' }] });
    expect(popups.document).toEqual({ popups: [] });
    expect(popups.problems.length).toBeGreaterThan(0);
  });

  it('finds a broken block however deep it sits, and drops the block that holds it', () => {
    const nested = {
      type: 'Collection',
      id: 'outer',
      variant: 'standard',
      items: [{ type: 'Collection', id: 'inner', variant: 'standard', items: [{ type: 'Banner', id: 'x' }] }],
    };
    const checked = checkDocument<{ items: unknown[] }>('fragment', { items: [nested, text('kept')] });
    expect(checked.document?.items).toEqual([text('kept')]);
    expect(checked.problems[0]).toContain('items.0.items.0.items.0');
  });

  it('is no document when its frame does not hold', () => {
    for (const [kind, body] of [
      ['page', { items: [] }],
      ['menu', { items: 'Men, Women' }],
      ['espot', null],
      ['footer', [1, 2]],
    ] as const) {
      const checked = checkDocument(kind, body);
      expect(checked.document, kind).toBeNull();
      expect(checked.problems.length).toBeGreaterThan(0);
    }
  });

  it('refuses the content settings the store cannot carry out, naming the field', () => {
    const video = {
      type: 'VideoPlayer',
      id: 'v',
      media: { type: 'video', source: { kind: 'banner', name: 'trail' }, alt: '', width: 1280, height: 720, video: { src: '/media/run.mp4' } },
      playerSettings: { autoplay: true, hideControls: true, loop: true, muted: true },
    };
    const image = { type: 'image', source: { kind: 'banner', name: 'hero' }, alt: 'Peaks', width: 1600, height: 700 };
    const cases: [string, unknown, RegExp][] = [
      ['espot', { items: [{ ...text('a'), mediaList: [image, video.media] }] }, /^items\.0\.mediaList\.1: mediaList holds images/],
      ['espot', { items: [{ ...video, cloudinaryAsset: { cloudName: 'cairn', publicId: 'run.mp4?x=1' } }] }, /^items\.0\.cloudinaryAsset\.publicId: /],
      ['espot', { items: [{ ...video, cloudinaryAsset: { cloudName: 'Cairn Films', publicId: 'run' } }] }, /^items\.0\.cloudinaryAsset\.cloudName: /],
      [
        'espot',
        { items: [{ type: 'Collection', id: 'c', variant: 'standard', items: [], layout: { md: { type: 'carousel', slideWidth: 61 } } }] },
        /^items\.0\.layout\.md\.slideWidth: slideWidth is at most 60 \(rem\)\./,
      ],
      ['menu', { items: [{ id: 'sale', title: 'Sale', menuIcon: 'fire' }] }, /^items\.0\.menuIcon: menuIcon is one of the store's icons: tag, /],
    ];
    for (const [kind, body, problem] of cases) {
      const checked = checkDocument(kind as 'espot' | 'menu', body);
      expect(checked.problems[0], JSON.stringify(body)).toMatch(problem);
    }
    const fine = checkDocument('espot', {
      items: [
        { ...text('a'), mediaList: [image] },
        { ...video, cloudinaryAsset: { cloudName: 'cairn-films', publicId: 'stories/trail_day/run-2027' } },
        {
          type: 'Collection',
          id: 'c',
          variant: 'standard',
          items: [],
          layout: { sm: { type: 'carousel', slideWidth: 19.25, slideMaxWidth: 24, slidePadding: 0.5 } },
        },
      ],
    });
    expect(fine.problems).toEqual([]);
    expect(checkDocument('menu', { items: [{ id: 'sale', title: 'Sale', menuIcon: 'tag' }] }).problems).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Block } from '../../../shared/content/blocks.ts';
import { heroMedia, product, render } from './test-render.tsx';

describe('Banner', () => {
  it('renders a hero title as h1 with its gradient and its calls to action as links', () => {
    const html = render([
      {
        type: 'Banner',
        id: 'b1',
        variant: 'hero',
        title: 'Go further',
        titleH1: true,
        media: heroMedia,
        gradient: { gradientStyle: 'focused', gradientTone: 'dark', gradientBreakpoints: ['sm'] },
        targets: [
          { text: 'Shop men', url: '/en-us/c/men-1000' },
          { text: 'New tab', url: '/en-us/c/women-2000', targetAttribute: '_blank', style: 'secondary' },
        ],
      },
    ]);
    expect(html).toMatch(/<h1 class="cb-title">Go further<\/h1>/);
    expect(html).toContain('gradient gradient--focused gradient--dark gradient--only gradient--on-sm');
    expect(html).toContain('href="/en-us/c/men-1000"');
    expect(html).toMatch(/<a class="button target target--secondary" href="\/en-us\/c\/women-2000" target="_blank" rel="noopener">/);
    expect(html).toContain('width="1600" height="700" alt="A ridge at dawn"');
  });

  it('titles a banner h2 unless titleH1, and keeps a hidden title for screen readers', () => {
    const html = render([{ type: 'Banner', id: 'b1', variant: 'block-below', title: 'Quiet', hideTitle: true, media: heroMedia }]);
    expect(html).toContain('<h2 class="cb-title sr-only">Quiet</h2>');
  });

  it('sets the split image width and position by class', () => {
    const html = render([{ type: 'Banner', id: 'b2', variant: 'split', splitImageWidth: 60, splitImagePosition: 'right', title: 'Split', media: heroMedia }]);
    expect(html).toContain('split--img-60');
    expect(html).toContain('split--img-right');
  });

  it('sets the overlay width by class and maps the background colour to a palette class', () => {
    const html = render([{ type: 'Banner', id: 'b3', variant: 'overlay', overlayWidth: 'md', backgroundColor: '#1F2A24', title: 'Overlay', media: heroMedia }]);
    expect(html).toContain('banner--overlay-md');
    expect(html).toContain('bg-forest');
  });

  it('ignores a background colour outside the palette', () => {
    const html = render([{ type: 'Banner', id: 'b3', variant: 'thin', backgroundColor: 'red;background:url(x)', title: 'Thin' }]);
    expect(html).not.toContain('red');
    expect(html).not.toContain('style=');
  });

  it('renders the text of a target with an external URL without a link', () => {
    const html = render([
      {
        type: 'Banner',
        id: 'b4',
        variant: 'espot',
        title: 'Espot',
        targets: [
          { text: 'Elsewhere', url: 'https://evil.example/x' },
          { text: 'Protocol relative', url: '//evil.example' },
          { text: 'Script', url: 'javascript:alert(1)' },
        ],
      },
    ]);
    expect(html).toContain('Elsewhere');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('href=');
  });

  it('shows the product card over a product-overlay hero when the product is there', () => {
    const block = {
      type: 'Banner',
      id: 'b5',
      variant: 'hero-product-overlay',
      productId: 'P1',
      title: 'Hero',
      media: heroMedia,
      products: [product('P1', {})],
    } as Block;
    expect(render([block])).toContain('banner__product');
    expect(render([{ ...block, products: undefined } as Block])).not.toContain('banner__product');
  });
});

describe('common fields', () => {
  it('shows the images of a mediaList after the block, each with its size and alt text', () => {
    const html = render([
      {
        type: 'RichText',
        id: 'r0',
        richText: '<p>The route</p>',
        mediaList: [
          { type: 'image', source: { kind: 'banner', name: 'hero' }, alt: 'Peaks at sunrise', width: 1600, height: 700 },
          { type: 'image', source: { kind: 'path', path: '/stories/meadow.jpg' }, alt: '', width: 800, height: 600 },
        ],
      },
    ]);
    expect(html).toMatch(/<p>The route<\/p><\/div><\/div><ul class="cb-media-list">/);
    const images = [...html.matchAll(/<li class="cb-media-list__item">(<img [^>]*\/>)<\/li>/g)].map((m) => m[1]);
    expect(images).toEqual([
      '<img class="cb-media-list__image" src="/banners/hero.svg" width="1600" height="700" alt="Peaks at sunrise" loading="lazy" decoding="async"/>',
      '<img class="cb-media-list__image" src="/stories/meadow.jpg" width="800" height="600" alt="" loading="lazy" decoding="async"/>',
    ]);
    expect(render([{ type: 'RichText', id: 'r1', richText: '<p>Alone</p>', mediaList: [] }])).not.toContain('cb-media-list');
  });

  it('turns hideOnBreakpoint and bottomMargins into classes on the block wrapper', () => {
    const html = render([{ type: 'RichText', id: 'r1', richText: '<p>Hi</p>', hideOnBreakpoint: ['sm', 'lg'], bottomMargins: 'large' }]);
    expect(html).toContain('class="cblock cblock--richtext hide-sm hide-lg cblock--mb-large"');
  });

  it('sanitizes rich text: no script element, no event handler', () => {
    const html = render([
      {
        type: 'RichText',
        id: 'r2',
        titleHtml: 'Big <em>news</em><script>alert(1)</script>',
        richText: '<p>Read <a href="/en-us/help" onclick="steal()">this</a></p><img src=x onerror=alert(1)><script>alert(2)</script>',
        richTextBelowTargets: '<a href="javascript:alert(3)">terms</a>',
      },
    ]);
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<img src="x"/i);
    expect(html).toContain('<p>Read <a href="/en-us/help">this</a></p>');
    expect(html).toContain('<h2 class="cb-title"><span>Big <em>news</em></span></h2>');
  });

  it('renders nothing for a fragment reference and the baselines of experiences and segmentations', () => {
    const html = render([
      { type: 'FragmentRef', id: 'f1', fragmentId: 'promo' },
      { type: 'Experience', id: 'e1', experienceId: 'x', name: 'Test', baselines: [{ type: 'RichText', id: 'r3', richText: 'Baseline' }], variants: [] },
      { type: 'Segmentation', id: 's1', segments: [], baselines: [{ type: 'Spacer', id: 'sp', size: 'small' }] },
    ]);
    expect(html).not.toContain('cblock--fragmentref');
    expect(html).toContain('Baseline');
    expect(html).toContain('spacer spacer--small');
  });
});

describe('other blocks', () => {
  const runMedia = {
    type: 'video',
    source: { kind: 'path', path: '/v.jpg' },
    alt: 'Trail run',
    width: 1280,
    height: 720,
    video: { src: '/media/run.mp4' },
  } as const;

  it('autoplays a muted video from the markup, and leaves one with sound to the autoplay behaviour', () => {
    const loud = render([
      { type: 'VideoPlayer', id: 'v1', media: runMedia, playerSettings: { autoplay: true, hideControls: false, loop: true, muted: false } },
    ]);
    expect(loud).toContain('data-video-autoplay="v1"');
    expect(loud).not.toContain('autoPlay');
    expect(loud).toContain('controls=""');
    const quiet = render([{ type: 'VideoPlayer', id: 'v2', media: runMedia, playerSettings: { autoplay: true, hideControls: true, loop: true, muted: true } }]);
    expect(quiet).toContain('data-video-autoplay="v2"');
    expect(quiet).toMatch(/muted="" loop="" autoPlay="" playsInline=""/);
    expect(quiet).not.toContain('controls');
    const still = render([
      { type: 'VideoPlayer', id: 'v3', media: runMedia, playerSettings: { autoplay: false, hideControls: false, loop: false, muted: false } },
    ]);
    expect(still).not.toMatch(/autoplay/i);
  });

  it('plays a Cloudinary asset first, per breakpoint, over its first frame, with the local file as the fallback', () => {
    const html = render([
      {
        type: 'VideoPlayer',
        id: 'v4',
        media: { ...runMedia, width: 1920, height: 1080 },
        mediaByBreakpoint: { sm: { ...runMedia, width: 720, height: 1280, video: { src: '/media/run-tall.mp4' } } },
        cloudinaryAsset: { cloudName: 'cairn', publicId: 'trail/run-2027' },
        playerSettings: { autoplay: false, hideControls: false, loop: false, muted: true },
      },
    ]);
    const sources = [...html.matchAll(/<source ([^>]*)\/>/g)].map((m) => m[1]);
    expect(sources).toEqual([
      'src="https://res.cloudinary.com/cairn/video/upload/c_limit,q_auto,w_1920/trail/run-2027.mp4" media="(min-width: 1000px)" type="video/mp4"',
      'src="https://res.cloudinary.com/cairn/video/upload/c_limit,q_auto,w_1280/trail/run-2027.mp4" media="(min-width: 700px) and (max-width: 999px)" type="video/mp4"',
      'src="https://res.cloudinary.com/cairn/video/upload/c_limit,q_auto,w_720/trail/run-2027.mp4" media="(max-width: 699px)" type="video/mp4"',
      'src="/media/run-tall.mp4" media="(max-width: 699px)"',
      'src="/media/run.mp4"',
    ]);
    expect(html).toContain('poster="https://res.cloudinary.com/cairn/video/upload/c_limit,q_auto,so_0,w_1920/trail/run-2027.jpg"');
    expect(html).toContain('width="1920" height="1080"');
  });

  it("keeps the block's own poster over Cloudinary's frame, and plays local files alone without an asset", () => {
    const media = { ...runMedia, video: { src: '/media/run.mp4', poster: { kind: 'banner', name: 'trail' } } } as const;
    const settings = { autoplay: false, hideControls: false, loop: false, muted: true };
    const withAsset = render([{ type: 'VideoPlayer', id: 'v5', media, cloudinaryAsset: { cloudName: 'cairn', publicId: 'run' }, playerSettings: settings }]);
    expect(withAsset).toContain('poster="/banners/trail.svg"');
    expect(withAsset).toContain('src="https://res.cloudinary.com/cairn/video/upload/c_limit,q_auto,w_720/run.mp4"');
    const local = render([{ type: 'VideoPlayer', id: 'v6', media, playerSettings: settings }]);
    expect(local).not.toContain('cloudinary');
    expect([...local.matchAll(/<source /g)]).toHaveLength(1);
  });

  it('marks up the benefit bar and its close button for the island', () => {
    const html = render([{ type: 'BenefitBar', id: 'bb', showCloseButton: true, benefits: [{ id: 'x', text: 'Free returns', url: '/en-us/returns' }] }]);
    expect(html).toContain('data-benefit-bar="bb"');
    expect(html).toContain('data-benefit-bar-close="" aria-label="Close"');
  });

  it('lists the days of a multi-day event and links to its registration, only when it takes registrations', () => {
    const html = render([
      {
        type: 'EventSignUp',
        id: 'ev',
        title: 'Summit weekend',
        eventId: 'E1',
        startDate: '2026-06-05',
        endDate: '2026-06-07',
        enablePlusOne: false,
        capacity: 40,
        submitCtaLabel: '',
        confirmationTitle: '',
        confirmationSubtitle: '',
      },
    ]);
    expect(html).toContain('Choose the days you will attend');
    expect(html).toContain('Friday, June 5');
    expect(html).toContain('Sunday, June 7');
    expect(html).toContain('href="/en-us/event-registration/E1">Register</a>');
    const closed = render([
      {
        type: 'EventSignUp',
        id: 'ev',
        eventId: 'E2',
        startDate: '2026-06-05',
        endDate: '2026-06-05',
        enablePlusOne: false,
        submitCtaLabel: '',
        confirmationTitle: '',
        confirmationSubtitle: '',
      },
    ]);
    expect(closed).not.toContain('event-registration');
  });
});

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
  it('autoplays a video only when it is muted', () => {
    const media = {
      type: 'video',
      source: { kind: 'path', path: '/v.jpg' },
      alt: 'Trail run',
      width: 1280,
      height: 720,
      video: { src: '/media/run.mp4' },
    } as const;
    const loud = render([{ type: 'VideoPlayer', id: 'v1', media, playerSettings: { autoplay: true, hideControls: false, loop: true, muted: false } }]);
    expect(loud).not.toMatch(/autoplay/i);
    expect(loud).toContain('controls=""');
    const quiet = render([{ type: 'VideoPlayer', id: 'v2', media, playerSettings: { autoplay: true, hideControls: true, loop: true, muted: true } }]);
    expect(quiet).toContain('data-video-autoplay=""');
    expect(quiet).toMatch(/muted="" loop="" autoPlay="" playsInline=""/);
    expect(quiet).not.toContain('controls');
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

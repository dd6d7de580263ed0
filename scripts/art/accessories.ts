// Accessories: headwear, bags, socks, belt and the gift card, each framed by its own box.

import { mix } from './colour.ts';
import { type Drawing, dot, mark, mirrored, repeat, shape, stitch, stroke, tone, WORDMARK } from './kit.ts';

/** Outlined webbing: a wide dark stroke under a narrower coloured one. */
const band = (d: string, fill: string, line: string, w: number): string => stroke(d, line, w + 8) + stroke(d, fill, w);

const beanie: Drawing = (p) => ({
  kind: 'flat',
  box: [214, 120, 586, 600],
  focus: [400, 510],
  zoom: 2.3,
  body:
    dot(400, 176, 48, p.l) +
    stroke('M400 176m-30 0a30 30 0 1 0 60 0a30 30 0 1 0-60 0', p.d, 5, ' stroke-dasharray="2 9"') +
    shape('M236 470C230 300 300 212 400 212C500 212 570 300 564 470Z', p.c) +
    stroke(
      repeat(-4, 4, 1, (i) => `M${400 + i * 38} 470C${400 + i * 38} 360 ${400 + i * 20} 270 ${400 + i * 8} 222`),
      p.d,
      3,
    ) +
    tone('M400 212C500 212 570 300 564 470H528C524 340 480 250 400 212Z', p.d) +
    shape('M222 452H578C586 500 586 544 578 590H222C214 544 214 500 222 452Z', p.c) +
    stroke(
      repeat(240, 560, 16, (x) => `M${x} 462V580`),
      p.d,
      3,
    ) +
    shape('M360 488H440V556H360Z', p.a, ' rx="6"') +
    mark(400, 540, 44, p.off),
  detail: stitch('M368 496H432V548H368Z', p.off, 2),
});

const cap: Drawing = (p) => ({
  kind: 'flat',
  box: [228, 236, 764, 540],
  focus: [480, 420],
  zoom: 2.2,
  // The brim goes first so the crown hides its root.
  body:
    shape('M580 494C610 512 630 522 660 524C700 526 740 522 762 512C746 530 700 538 650 536C620 534 600 526 590 518Z', p.dd) +
    shape('M556 478C620 470 710 480 762 512C740 522 700 526 660 524C620 522 590 510 556 494Z', p.c) +
    stitch('M600 482C650 480 710 490 740 508', p.d, 2) +
    shape('M240 500C232 350 300 250 420 246C540 244 600 330 604 486C480 508 340 510 240 500Z', p.c) +
    tone('M240 500C232 350 300 250 420 246C340 270 290 380 300 505Z', p.d) +
    tone('M242 500C340 510 480 508 603 486L602 468C480 490 340 494 240 484Z', p.d) +
    stitch('M420 252C384 300 362 400 364 500M420 252C476 300 516 380 528 494', p.d) +
    stroke('M420 252C384 300 362 400 364 500M420 252C476 300 516 380 528 494', p.d, 3) +
    dot(330, 330, 6, p.dd) +
    dot(500, 310, 6, p.dd) +
    shape('M440 378l70-8 8 56-70 8z', p.a, ' stroke-width="3"') +
    mark(480, 416, 40, p.off) +
    dot(420, 248, 13, p.c),
});

const backpack: Drawing = (p) => ({
  kind: 'flat',
  box: [226, 96, 574, 680],
  focus: [470, 450],
  zoom: 2.3,
  body:
    shape('M262 220C236 300 232 500 250 620L270 620C256 500 258 300 280 230Z', p.dd) +
    mirrored(shape('M262 220C236 300 232 500 250 620L270 620C256 500 258 300 280 230Z', p.dd)) +
    band('M366 158C366 106 434 106 434 158', p.dd, p.line, 12) +
    shape('M268 236C268 172 322 140 400 140C478 140 532 172 532 236V630C532 662 512 676 482 676H318C288 676 268 662 268 630Z', p.c) +
    tone('M500 160C522 180 532 206 532 236V630C532 662 512 676 482 676H470C496 660 504 640 504 620V236C504 206 500 180 488 160Z', p.d) +
    stroke('M282 250C300 200 350 172 400 172C450 172 500 200 518 250', p.k, 5) +
    shape('M514 244l14 4-6 30-14-4z', p.a) +
    shape('M296 430H504V640C504 656 494 664 478 664H322C306 664 296 656 296 640Z', p.d) +
    stroke('M306 452H494', p.k, 5) +
    shape('M470 446h10v34h-10z', p.a) +
    shape('M324 250h26v186h-26zM450 250h26v186h-26z', p.dd) +
    shape('M318 380h38v24h-38zM444 380h38v24h-38z', p.rubber) +
    mark(400, 350, 52, p.k),
});

const tote: Drawing = (p) => ({
  kind: 'flat',
  box: [200, 110, 600, 670],
  focus: [400, 520],
  zoom: 2.2,
  body:
    band('M344 300C344 150 456 150 456 300', p.dd, p.line, 20) +
    shape('M232 300H568L596 668H204Z', p.c) +
    tone('M232 300H568L570 334H230Z', p.d) +
    tone('M206 640H594L596 668H204Z', p.d) +
    band('M316 330C312 130 488 130 484 330', p.d, p.line, 22) +
    shape('M302 320h28v50h-28zM470 320h28v50h-28z', p.d) +
    stroke('M302 320l28 50m0-50l-28 50M470 320l28 50m0-50l-28 50', p.k, 2) +
    shape('M312 450H488V600H312Z', p.d) +
    stitch('M320 458H480V592H320Z', p.k, 2) +
    mark(400, 548, 70, p.c),
});

const socks: Drawing = (p) => ({
  kind: 'shoe',
  box: [300, 110, 700, 640],
  maxScale: 1,
  focus: [390, 200],
  zoom: 2.3,
  body:
    shape('M322 120H456V420C456 470 480 500 540 510L620 522C676 530 700 566 690 596C680 628 646 640 600 636L420 626C340 620 308 570 314 500Z', p.c) +
    shape('M316 480C310 560 340 616 410 626C430 570 400 500 316 480Z', p.d) +
    shape('M620 522C676 530 700 566 690 596C680 628 646 640 600 636C616 600 620 560 620 522Z', p.d) +
    shape('M322 120H456V196H322Z', p.c) +
    stroke(
      repeat(332, 446, 12, (x) => `M${x} 128V190`),
      p.d,
      3,
    ) +
    tone('M322 226H456V242H322ZM322 258H456V266H322Z', p.a),
});

// The belt is a buckled loop seen from above: two elliptical arcs per edge, back half darker.
const belt: Drawing = (p) => ({
  kind: 'flat',
  box: [150, 330, 650, 556],
  focus: [420, 520],
  zoom: 2.4,
  body:
    shape('M150 420A250 90 0 0 1 650 420V466A250 90 0 0 0 150 466Z', p.dd) +
    shape('M150 420A250 90 0 0 0 650 420V466A250 90 0 0 1 150 466Z', p.c) +
    stitch('M158 428A244 86 0 0 0 642 428M158 460A244 86 0 0 0 642 460', p.k, 2) +
    repeat(480, 580, 50, (x) => dot(x, Math.round(443 + 88 * Math.sqrt(1 - ((x - 400) / 250) ** 2)), 5, p.dd)) +
    shape('M318 492l22 6v54l-22-6z', p.d) +
    shape('M356 496h88v72h-88zM370 510h60v44h-60z', p.metal, ' fill-rule="evenodd"') +
    stroke('M362 532H424', mix(p.metal, '#000000', 0.4), 6),
});

const giftCard: Drawing = (p) => ({
  kind: 'flat',
  box: [160, 250, 640, 550],
  noMirror: true,
  twin: true,
  focus: [290, 330],
  zoom: 2.2,
  body:
    shape('M186 250H614Q640 250 640 276V524Q640 550 614 550H186Q160 550 160 524V276Q160 250 186 250Z', p.c) +
    tone('M440 252H540L380 548H280Z', p.l, 0.35) +
    stroke('M638 400C580 404 540 450 536 548M638 440C600 444 576 480 574 548M638 360C556 360 500 420 496 548', p.d, 3) +
    mark(234, 340, 60, p.k) +
    `<path d="${WORDMARK}" transform="translate(286 338) scale(1.5) translate(-76 -48)" fill="${p.k}" fill-rule="evenodd" stroke="none"/>` +
    `<text x="200" y="510" fill="${p.k}" stroke="none" font-family="system-ui,sans-serif" font-weight="600" font-size="20" letter-spacing="5">GIFT CARD</text>`,
});

export const ACCESSORIES = { beanie, cap, backpack, tote, socks, belt, 'gift-card': giftCard } satisfies Record<string, Drawing>;

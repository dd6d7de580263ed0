// Home page banners: wide layered landscapes drawn on a 1600x700 stage, cropped to fit by the browser.

export type BannerName = 'hero' | 'trail' | 'city' | 'kids';

export const BANNER_NAMES: readonly BannerName[] = ['hero', 'trail', 'city', 'kids'];

const W = 1600;
const H = 700;

/** Seeded PRNG (mulberry32) so scattered details are identical on every build. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (n: number): number => Math.round(n);

/** Vertical gradient definition from a list of [offset, colour]. */
const vgrad = (id: string, stops: readonly (readonly [number, string])[]): string =>
  `<linearGradient id="${id}" x2="0" y2="1">${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')}</linearGradient>`;

const fill = (d: string, colour: string, extra = ''): string => `<path d="${d}" fill="${colour}"${extra}/>`;

/** A ridge line through the given peaks, closed down to the bottom of the stage. */
function ridge(points: readonly (readonly [number, number])[]): string {
  const [first, ...rest] = points;
  if (!first) return '';
  let d = `M-20 ${H}L-20 ${first[1]}L${first[0]} ${first[1]}`;
  for (const [x, y] of rest) d += `L${x} ${y}`;
  return `${d}L${W + 20} ${rest.at(-1)?.[1] ?? first[1]}L${W + 20} ${H}Z`;
}

/** Smooth rolling hill crossing the stage at `y`, with the given wave height. */
const hill = (y: number, wave: number, phase = 0): string =>
  `M-20 ${H}V${y}C${300 + phase} ${y - wave} ${500 + phase} ${y + wave} ${800 + phase} ${y}S${1300 + phase} ${y - wave} ${W + 20} ${y}V${H}Z`;

/** A row of pine trees along a baseline. */
function pines(rand: () => number, y: number, count: number, size: number, colour: string, from = 0, to = W): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = int(from + (i + rand() * 0.8) * ((to - from) / count));
    const h = int(size * (0.7 + rand() * 0.6));
    const w = int(h * 0.32);
    d += `M${x} ${y - h}L${x + w} ${y}H${x - w}Z`;
  }
  return fill(d, colour);
}

function hero(): string {
  const rand = random(7);
  return (
    `<defs>${vgrad('s', [
      [0, '#4f5d8f'],
      [0.45, '#d98f8c'],
      [0.75, '#f7c99a'],
      [1, '#fbe6c2'],
    ])}` +
    `<radialGradient id="g"><stop offset="0" stop-color="#fff4d6"/><stop offset=".3" stop-color="#ffe7b8" stop-opacity=".7"/><stop offset="1" stop-color="#ffe7b8" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#s)"/>` +
    `<circle cx="1060" cy="250" r="320" fill="url(#g)"/><circle cx="1060" cy="250" r="64" fill="#fff3d4"/>` +
    fill(
      ridge([
        [0, 360],
        [180, 250],
        [300, 320],
        [470, 170],
        [640, 300],
        [760, 260],
        [900, 340],
        [1180, 200],
        [1340, 300],
        [1480, 230],
        [1600, 300],
      ]),
      '#a49cc0',
    ) +
    fill('M470 170L640 300L540 330ZM1180 200L1340 300L1250 330Z', '#8f88b0') +
    fill('M470 170L520 214L500 210L478 226L452 206L436 200ZM1180 200L1232 244L1206 240L1184 254L1160 236L1146 230Z', '#f4eef4') +
    fill(
      ridge([
        [0, 420],
        [220, 330],
        [400, 400],
        [620, 310],
        [820, 410],
        [1000, 350],
        [1250, 420],
        [1420, 340],
        [1600, 400],
      ]),
      '#7b7aa3',
    ) +
    fill(hill(470, 50, 40), '#5b7467') +
    pines(rand, 480, 40, 60, '#46604f') +
    fill(hill(540, 40, -80), '#3f5a48') +
    fill('M760 700C780 640 900 610 850 560L866 550C930 580 960 600 920 630C900 660 920 690 1000 700Z', '#e8cfa4') +
    pines(rand, 560, 26, 90, '#2f4738') +
    fill('M-20 700V610C300 570 600 640 760 604C770 640 780 670 790 700ZM1620 700V600C1300 560 1100 640 960 612C970 650 990 680 1010 700Z', '#2a3f31') +
    fill(
      'M1120 640c0-14 24-20 48-20s50 6 50 18-24 16-50 16-48-2-48-14zM1136 606c0-10 18-14 34-14s36 4 36 13-18 12-36 12-34-2-34-11zM1150 578c0-8 12-11 22-11s22 3 22 10-12 9-22 9-22-1-22-8z',
      '#d9d2c4',
      ' stroke="#2a3f31" stroke-width="3"',
    ) +
    fill('M300 150l14 8 14-8-14 4zM340 130l10 6 10-6-10 3zM1300 120l12 7 12-7-12 4z', '#3e3a55')
  );
}

function trail(): string {
  const rand = random(11);
  return (
    `<defs>${vgrad('s', [
      [0, '#f3efcf'],
      [0.6, '#d6e4c0'],
      [1, '#b9d0a6'],
    ])}</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#s)"/>` +
    fill('M700 -20L860 -20L1200 700H900ZM980 -20L1060 -20L1500 700H1380Z', '#fffbe6', ' opacity=".35"') +
    pines(rand, 500, 40, 200, '#b4cba8') +
    fill(hill(480, 20), '#a5c096') +
    pines(rand, 530, 30, 260, '#8fb08a') +
    fill(hill(520, 30, 60), '#7ea57c') +
    fill(
      'M640 700C700 640 860 620 820 580C800 560 740 550 770 530C784 520 810 516 830 514H850C834 520 810 526 816 534C830 556 940 580 900 630C880 660 900 690 980 700Z',
      '#e2cc9c',
    ) +
    fill('M700 690C740 660 800 650 820 640M880 690C900 670 920 660 930 650', 'none', ' stroke="#cdb384" stroke-width="6" stroke-linecap="round"') +
    pines(rand, 600, 7, 380, '#5b8a64', -40, 560) +
    pines(rand, 600, 7, 380, '#5b8a64', 1080, 1640) +
    fill('M-20 700V560C80 540 200 560 300 620C380 660 480 680 560 700ZM1620 700V560C1520 540 1400 560 1300 620C1220 660 1120 680 1040 700Z', '#3d6349') +
    fill('M90 -20h64v720H90ZM1440 -20h80v720h-80Z', '#3a4a3c') +
    fill('M154 300l60-40v14l-60 40ZM1440 380l-70-44v14l70 44Z', '#3a4a3c') +
    fill('M-20 700V650C80 620 180 640 260 670S420 690 460 700ZM1620 700V640C1500 610 1400 650 1320 680L1280 700Z', '#2f4d38')
  );
}

function city(): string {
  const rand = random(23);
  let far = '';
  let near = '';
  let lit = '';
  for (let x = -20; x < W; ) {
    const w = int(60 + rand() * 90);
    const h = int(160 + rand() * 220);
    far += `M${x} 520V${520 - h}h${w}V520Z`;
    if (rand() > 0.5) lit += `M${x + 14} ${540 - h}h10v14h-10z`;
    x += w + int(rand() * 10);
  }
  for (let x = -20; x < W; ) {
    const w = int(90 + rand() * 120);
    const top = int(260 + rand() * 180);
    near += `M${x} 560V${top}h${w}V560Z`;
    for (let wy = top + 24; wy < 530; wy += 34) {
      for (let wx = x + 16; wx < x + w - 24; wx += 28) if (rand() > 0.55) lit += `M${wx} ${wy}h12v16h-12z`;
    }
    x += w + int(20 + rand() * 40);
  }
  let lamps = '';
  for (const x of [180, 520, 1080, 1420])
    lamps += `<circle cx="${x + 30}" cy="452" r="46" fill="url(#l)"/><path d="M${x} 640V452h30" fill="none" stroke="#1c1a2e" stroke-width="8"/><circle cx="${x + 30}" cy="456" r="9" fill="#ffe2a0"/>`;
  return (
    `<defs>${vgrad('s', [
      [0, '#262a55'],
      [0.5, '#8a4f7d'],
      [0.8, '#e98e6b'],
      [1, '#f7c08a'],
    ])}` +
    `<radialGradient id="l"><stop offset="0" stop-color="#ffe2a0" stop-opacity=".8"/><stop offset="1" stop-color="#ffe2a0" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#s)"/>` +
    '<path d="M1420 66a48 48 0 1 0 40 78a40 40 0 1 1-40-78z" fill="#fbe9c8"/>' +
    fill(far, '#5d4a7a') +
    fill(near, '#332f55') +
    fill(lit, '#ffd98a') +
    fill(`M-20 560H${W + 20}V600H-20Z`, '#4b4468') +
    fill(`M-20 600H${W + 20}V${H}H-20Z`, '#221f36') +
    fill(
      'M0 650h140v10H0zM260 650h140v10H260zM520 650h140v10H520zM780 650h140v10H780zM1040 650h140v10h-140zM1300 650h140v10h-140zM1560 650h140v10h-140z',
      '#f2c98a',
      ' opacity=".7"',
    ) +
    lamps
  );
}

function kids(): string {
  const cloud = (x: number, y: number, s: number): string =>
    `<g transform="translate(${x} ${y}) scale(${s})" fill="#fff"><circle cx="0" cy="0" r="40"/><circle cx="44" cy="-18" r="52"/><circle cx="96" cy="0" r="40"/><rect x="0" y="0" width="96" height="40"/></g>`;
  const tree = (x: number, y: number, r: number, c: string): string =>
    `<path d="M${x} ${y}v${-r * 1.6}" stroke="#8a5a3c" stroke-width="${int(r / 3)}" stroke-linecap="round"/><circle cx="${x}" cy="${y - r * 1.9}" r="${r}" fill="${c}"/>`;
  return (
    `<defs>${vgrad('s', [
      [0, '#8fd3f0'],
      [1, '#e4f6fb'],
    ])}</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#s)"/>` +
    '<g fill="#ffd34d"><circle cx="220" cy="140" r="66"/><path d="M220 40v-30M220 240v30M120 140h-30M320 140h30M150 70l-20-20M290 210l20 20M290 70l20-20M150 210l-20 20" stroke="#ffd34d" stroke-width="12" stroke-linecap="round"/></g>' +
    cloud(520, 130, 1) +
    cloud(1150, 90, 0.8) +
    cloud(880, 210, 0.6) +
    fill(hill(460, 60, 100), '#9ad97c') +
    fill(hill(540, 50, -120), '#6cc163') +
    tree(160, 560, 46, '#4fae58') +
    tree(1460, 540, 56, '#ff9f43') +
    tree(1360, 560, 38, '#4fae58') +
    '<path d="M980 560L1090 380L1200 560Z" fill="#ff7a59"/><path d="M1090 380L1060 560H1120Z" fill="#ffd0a8"/><path d="M1090 380V350" stroke="#5a4a3a" stroke-width="6"/><path d="M1090 352l30 10-30 10z" fill="#3fb6b0"/>' +
    '<path d="M700 200l50-60 50 60-50 80z" fill="#3fb6b0"/><path d="M750 140v140M700 200h100" stroke="#fff" stroke-width="4"/>' +
    '<path d="M750 280C730 340 790 380 760 440S700 520 664 560" fill="none" stroke="#5a4a3a" stroke-width="3"/>' +
    '<path d="M744 300l-14 10 16 4zM754 340l-14 10 16 4zM768 380l-14 10 16 4z" fill="#ff7a59"/>' +
    fill(`M-20 ${H}V600C300 560 600 620 900 590S1400 560 ${W + 20} 600V${H}Z`, '#4fae58') +
    '<g stroke="#5a4a3a" stroke-width="8" stroke-linecap="round"><path d="M640 620l-8 40M656 620l8 40M644 580l20-20"/></g>' +
    '<path d="M626 626l14-54h10l14 54z" fill="#ff7a59"/><circle cx="645" cy="552" r="20" fill="#f2c29b"/><path d="M625 548c2-18 38-22 40 0z" fill="#3fb6b0"/>' +
    '<g fill="#c9b8a6" stroke="#8f7c6a" stroke-width="4"><ellipse cx="380" cy="640" rx="46" ry="14"/><ellipse cx="500" cy="660" rx="40" ry="12"/><ellipse cx="610" cy="644" rx="36" ry="11"/></g>' +
    '<g fill="#fff"><circle cx="260" cy="620" r="8"/><circle cx="840" cy="640" r="8"/><circle cx="1260" cy="630" r="8"/></g>' +
    '<g fill="#ffd34d"><circle cx="260" cy="620" r="4"/><circle cx="840" cy="640" r="4"/><circle cx="1260" cy="630" r="4"/></g>'
  );
}

const SCENES: Record<BannerName, () => string> = { hero, trail, city, kids };

export function bannerSvg(name: BannerName, width: number, height: number): string {
  const scene = SCENES[name];
  if (!scene) throw new Error(`Unknown banner "${String(name)}"`);
  if (!(width > 0 && height > 0)) throw new Error('Banner size must be positive');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${int(width)}" height="${int(height)}" preserveAspectRatio="xMidYMid slice">${scene()}</svg>`;
}

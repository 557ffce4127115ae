// Signs, banners, displays and flags, each with a believable headline.
import { type Item, edge, floorShadow, paint } from './kit.mts';
import { ACCENT, CREAM, INK, fitSize, pick, shade, text } from './svg.mts';

const HEADLINES: [RegExp, [string, string]][] = [
  [/sponsor|golf/, ['HOLE 7', 'PROUDLY SPONSORED BY']],
  [/senior/, ['SENIOR NIGHT', '#12 · CLASS OF 2026']],
  [/open-house/, ['OPEN HOUSE', 'SAT & SUN 1–4 PM']],
  [/a-frame/, ['OPEN', "TODAY'S SPECIALS"]],
  [/magnetic|vehicle/, ['YOUR BUSINESS', '(806) 555-0123']],
  [/livestock|stall/, ['BAR 7 RANCH', 'COUNTY LIVESTOCK SHOW']],
  [/retractable|stand/, ['YOUR BRAND', 'TRADE SHOW READY']],
  [/vinyl|banner/, ['GRAND OPENING', 'THIS SATURDAY']],
];

function headline(slug: string): [string, string] {
  for (const [pattern, lines] of HEADLINES) if (pattern.test(slug)) return lines;
  return ['YOUR SIGN HERE', 'FULL COLOUR · BOTH SIDES'];
}

const SIGN_COLORS = [ACCENT, '#1f2a44', '#2e5e3a', '#5c0a1e', '#2f8f8a'];

/** A printed face: colour band with the headline, motif and a subline, inside a box. */
function face(
  x: number,
  y: number,
  w: number,
  h: number,
  band: string,
  slug: string,
  art: Parameters<Item>[0]['art'],
): string {
  const [big, small] = headline(slug);
  const bandH = h * 0.3;
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#fffdf8"/><rect x="${x}" y="${y}" width="${w}" height="${bandH}" fill="${band}"/>` +
    text(x + w / 2, y + bandH * 0.66, fitSize(big, w * 0.86, bandH * 0.55), CREAM, big, { anchor: 'middle' }) +
    art(x + w / 2, y + bandH + (h - bandH) * 0.42, Math.min(w, h) * 0.42, '#fffdf8') +
    text(x + w / 2, y + h - h * 0.08, fitSize(small, w * 0.82, h * 0.08), INK, small, { anchor: 'middle' })
  );
}

export const yardSign: Item = (a) => {
  const band = pick(SIGN_COLORS, a.seed);
  const arrow = /directional|open-house/.test(a.product.slug)
    ? `<path d="M420 760 H700 V720 L790 790 L700 860 V820 H420 Z" fill="${band}"/>`
    : '';
  const turf = /golf|sponsor/.test(a.product.slug) ? '#7fa05a' : '#b9a37a';
  return (
    `<ellipse cx="600" cy="1060" rx="520" ry="70" fill="${turf}" opacity="0.55"/>` +
    `<path d="M470 880 L470 1070 M730 880 L730 1070" stroke="#7d7f82" stroke-width="12"/>` +
    `<g>${face(250, 270, 700, arrow ? 480 : 620, band, a.product.slug, a.art)}</g>${arrow ? `<rect x="250" y="750" width="700" height="140" fill="#fffdf8"/>${arrow}` : ''}` +
    `<rect x="250" y="270" width="700" height="620" fill="none" stroke="${shade('#fffdf8', -0.3)}" stroke-width="6"/>`
  );
};

export const aFrame: Item = (a) => {
  const band = pick(SIGN_COLORS, a.seed + 1);
  return (
    `${floorShadow(600, 1030, 380)}<polygon points="380,200 820,200 910,1020 290,1020" fill="${INK}" stroke="#000" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect x="560" y="170" width="80" height="40" rx="10" fill="${INK}"/>${face(405, 250, 390, 700, band, a.product.slug, a.art)}`
  );
};

export const banner: Item = (a) => {
  const band = pick(SIGN_COLORS, a.seed);
  const stall = /stall|livestock/.test(a.product.slug);
  const fence = stall
    ? `<path d="M40 330 H1160 M40 600 H1160 M40 870 H1160" stroke="#8d9095" stroke-width="22"/><path d="M100 300 V1000 M1100 300 V1000" stroke="#7d7f82" stroke-width="28"/>`
    : `<path d="M60 200 L150 410 M1140 200 L1050 410" stroke="#a08b6a" stroke-width="6"/>`;
  const grommets = [150, 380, 600, 820, 1050].flatMap((x) =>
    [410, 790].map((y) => `<circle cx="${x}" cy="${y}" r="12" fill="#d9d9d9" stroke="#777" stroke-width="4"/>`),
  );
  const [big, small] = headline(a.product.slug);
  return (
    `${fence}<rect x="130" y="390" width="940" height="420" fill="#fffdf8" stroke="${shade('#fffdf8', -0.3)}" stroke-width="6"/>` +
    `<rect x="130" y="390" width="300" height="420" fill="${band}"/>${a.art(280, 600, 230, band)}` +
    text(750, 600, fitSize(big, 580, 96), INK, big, { anchor: 'middle' }) +
    `<rect x="470" y="650" width="560" height="70" rx="8" fill="${band}"/>` +
    text(750, 700, fitSize(small, 520, 40), CREAM, small, { anchor: 'middle' }) +
    grommets.join('')
  );
};

export const bannerStand: Item = (a) => {
  const band = pick(SIGN_COLORS, a.seed + 2);
  const [big, small] = headline(a.product.slug);
  return (
    `${floorShadow(600, 1050, 300)}<rect x="420" y="120" width="360" height="20" rx="8" fill="#8d9095"/>` +
    `<rect x="430" y="130" width="340" height="880" fill="#fffdf8" stroke="${shade('#fffdf8', -0.3)}" stroke-width="5"/>` +
    `<rect x="430" y="130" width="340" height="380" fill="${band}"/>${a.art(600, 320, 240, band)}` +
    text(600, 600, fitSize(big, 300, 60), INK, big, { anchor: 'middle' }) +
    [660, 700, 740].map((y) => `<rect x="480" y="${y}" width="240" height="14" rx="7" fill="#cfc6b8"/>`).join('') +
    text(600, 900, fitSize(small, 300, 30), band, small, { anchor: 'middle' }) +
    `<rect x="390" y="1000" width="420" height="50" rx="16" fill="#6b6e72"/>`
  );
};

export const vehicleSign: Item = (a) => {
  const truck = '#e8e4dc';
  const magnet = `<rect x="480" y="635" width="320" height="225" rx="14" fill="#fffdf8" stroke="${ACCENT}" stroke-width="8"/>`;
  const [big, small] = headline(a.product.slug);
  return (
    `${floorShadow(600, 1000, 520, 30)}<path d="M110 900 L110 700 Q120 650 200 640 L470 630 L560 450 L800 450 L840 630 L1090 630 L1090 900 Z" ${paint(truck)}/>` +
    `<path d="M580 480 L770 480 L790 620 L520 620 Z" fill="#9fbfcc" stroke="${edge(truck)}" stroke-width="5"/><path d="M810 630 L810 900" stroke="${edge(truck)}" stroke-width="5"/>` +
    [300, 920]
      .map((x) => `<circle cx="${x}" cy="910" r="95" fill="${INK}"/><circle cx="${x}" cy="910" r="42" fill="#9a9a9a"/>`)
      .join('') +
    `${magnet}${a.art(640, 695, 90, '#fffdf8')}${text(640, 790, fitSize(big, 290, 40), INK, big, { anchor: 'middle' })}` +
    text(640, 838, fitSize(small, 270, 34), ACCENT, small, { anchor: 'middle' })
  );
};

export const flag: Item = (a) =>
  `${floorShadow(300, 1060, 120, 20)}<path d="M300 160 V1060" stroke="#8d9095" stroke-width="18"/><circle cx="300" cy="150" r="18" fill="#c9a44a"/>` +
  `<path d="M310 200 Q520 140 700 210 T1060 220 L1060 620 Q880 560 700 620 T310 610 Z" ${paint(a.color)}/>${a.art(680, 410, 280, a.color)}`;

// Drinkware, bags, stickers, towels and other small goods.
import { type Item, edge, floorShadow, paint, seam } from './kit.mts';
import { starPoints } from './motifs.mts';
import { CREAM, INK, fitSize, rng, shade, text } from './svg.mts';

export const tote: Item = (a) =>
  `${floorShadow(600, 1020, 330)}` +
  `<path d="M450 470 C450 210 750 210 750 470" stroke="${shade(a.color, -0.2)}" stroke-width="34" fill="none"/>` +
  `<rect x="320" y="430" width="560" height="580" rx="10" ${paint(a.color)}/>${seam('M320 480 H880', a.color, 4)}` +
  `<path d="M420 470 C420 180 780 180 780 470" stroke="${shade(a.color, -0.08)}" stroke-width="34" fill="none"/>${a.art(600, 740, 340, a.color)}`;

function mugBody(a: Parameters<Item>[0], rim: string | null): string {
  const handle = `<path d="M780 500 C940 500 940 800 780 800" stroke="${edge(a.color)}" stroke-width="62" fill="none"/><path d="M780 500 C940 500 940 800 780 800" stroke="${a.color}" stroke-width="48" fill="none"/>`;
  const rimLine = rim
    ? `<ellipse cx="580" cy="400" rx="200" ry="42" fill="none" stroke="${rim}" stroke-width="16"/><path d="M380 880 Q580 930 780 880" stroke="${rim}" stroke-width="14" fill="none"/>`
    : '';
  return (
    `${floorShadow(600, 930, 320)}${handle}<path d="M380 400 L380 860 Q380 920 440 920 L720 920 Q780 920 780 860 L780 400 Z" ${paint(a.color)}/>` +
    `<ellipse cx="580" cy="400" rx="200" ry="42" ${paint(shade(a.color, -0.05))}/><ellipse cx="580" cy="404" rx="176" ry="30" fill="#4a2e1c"/>${rimLine}${a.art(580, 660, 270, a.color)}`
  );
}

export const mug: Item = (a) => mugBody(a, /camp|enamel/.test(a.product.slug) ? '#2b3a55' : null);

export const tumbler: Item = (a) =>
  `${floorShadow(600, 1010, 230)}<path d="M420 360 L780 360 L735 990 Q600 1015 465 990 Z" ${paint(a.color)}/>` +
  `<path d="M462 945 L738 945 L735 990 Q600 1015 465 990 Z" fill="#c2c5c9" stroke="#8d9095" stroke-width="5"/>` +
  `<rect x="400" y="280" width="400" height="95" rx="22" fill="#2e2e2e"/><rect x="560" y="296" width="80" height="16" rx="8" fill="#8d9095"/>` +
  `<path d="M470 420 L500 900" stroke="#ffffff" stroke-width="16" opacity="0.18" stroke-linecap="round"/>${a.art(600, 640, 250, a.color)}`;

export const koozies: Item = (a) => {
  const cans = [0, 1, 2, 3].map((i) => {
    const c = a.colors[i % a.colors.length] ?? a.color;
    const x = 150 + i * 230;
    return (
      `<rect x="${x + 12}" y="470" width="166" height="70" fill="#c9ccd0" stroke="#8d9095" stroke-width="4"/><ellipse cx="${x + 95}" cy="470" rx="83" ry="18" fill="#dfe2e5" stroke="#8d9095" stroke-width="4"/>` +
      `<path d="M${x} 530 L${x} 900 Q${x + 95} 930 ${x + 190} 900 L${x + 190} 530 Q${x + 95} 555 ${x} 530 Z" ${paint(c)}/>${a.art(x + 95, 720, 130, c)}`
    );
  });
  return `${floorShadow(600, 920, 520)}${cans.join('')}`;
};

function sticker(
  x: number,
  y: number,
  r: number,
  fill: string,
  art: string,
  shape: 'circle' | 'star' | 'badge',
  rotate = 0,
): string {
  const outline = (grow: number, color: string, extra = '') =>
    shape === 'circle'
      ? `<circle r="${r + grow}" fill="${color}" ${extra}/>`
      : shape === 'star'
        ? `<polygon points="${starPoints(r + grow, (r + grow) * 0.5)}" fill="${color}" stroke="${color}" stroke-width="${grow * 2 + 1}" stroke-linejoin="round" ${extra}/>`
        : `<rect x="${-r - grow}" y="${-r * 0.7 - grow}" width="${2 * (r + grow)}" height="${1.4 * (r + grow)}" rx="${r * 0.25}" fill="${color}" ${extra}/>`;
  const body = `<g transform="translate(14 18)">${outline(22, '#3b2a1a', 'opacity="0.16"')}</g>${outline(22, '#ffffff')}${outline(0, fill)}`;
  return `<g transform="translate(${x} ${y}) rotate(${rotate})">${body}</g>${art}`;
}

const HOLO = `<linearGradient id="holo" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9fe7f5"/><stop offset="0.35" stop-color="#f7b2e6"/><stop offset="0.65" stop-color="#fff1a8"/><stop offset="1" stop-color="#a8f0c6"/></linearGradient>`;

export const stickers: Item = (a) => {
  const slug = a.product.slug;
  if (/holographic|lone-star/.test(slug)) {
    return `<defs>${HOLO}</defs>${sticker(600, 610, 400, 'url(#holo)', '', 'star', 0)}<polygon points="${starPoints(210, 100, 600, 630)}" fill="#ffffff" opacity="0.55"/>`;
  }
  const pack = /pack|sampler|die-cut|stickers/.test(slug);
  if (!pack) {
    const label = a.product.name.replace(/ Sticker.*/, '').toUpperCase();
    return (
      sticker(600, 590, 400, a.color, a.art(600, 540, 440, a.color), 'circle') +
      text(600, 860, fitSize(label, 500, 56), CREAM, label, { anchor: 'middle' })
    );
  }
  const palette = [a.color, '#2f8f8a', '#b4411c', '#1f2a44', '#e0a43a'];
  const spots = [
    [360, 380, 210, 'circle', -8],
    [830, 370, 200, 'badge', 6],
    [420, 830, 200, 'badge', 5],
    [840, 820, 210, 'circle', -4],
    [620, 600, 170, 'star', 0],
  ] as const;
  return spots
    .map(([x, y, r, shape, rot], i) => {
      const fill = palette[i % palette.length] as string;
      return sticker(x, y, r, fill, shape === 'star' ? '' : a.art(x, y, r * 1.35, fill, rot), shape, rot);
    })
    .join('');
};

/** A shop window (wood frame, glass) with something on the glass. */
function windowPane(onGlass: string): string {
  const glass = `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cfe3ea"/><stop offset="1" stop-color="#9fbfcc"/></linearGradient>`;
  return (
    `<defs>${glass}</defs>${floorShadow(600, 1060, 420)}<rect x="210" y="150" width="780" height="900" rx="8" fill="#6b4a30"/><rect x="250" y="190" width="700" height="820" fill="url(#glass)"/>` +
    `<path d="M300 600 L560 240 M360 700 L660 280" stroke="#ffffff" stroke-width="26" opacity="0.25"/>${onGlass}`
  );
}

export const windowDecal: Item = (a) => {
  const w = '#ffffff';
  if (/cling/.test(a.product.slug)) return windowPane(`<g opacity="0.9">${a.art(600, 600, 460, '#9fbfcc')}</g>`);
  return windowPane(
    `<polygon points="${starPoints(60, 26, 600, 330)}" fill="${w}"/>${text(600, 520, 150, w, 'OPEN', { anchor: 'middle' })}` +
      `<path d="M360 580 H840" stroke="${w}" stroke-width="6"/>${text(600, 680, 62, w, 'MON – FRI', { anchor: 'middle' })}${text(600, 780, 62, w, '9AM – 5PM', { anchor: 'middle' })}` +
      text(600, 900, 40, w, 'SAT – SUN  CLOSED', { anchor: 'middle', weight: 'normal' }),
  );
};

export const towel: Item = (a) => {
  const rally = /rally/.test(a.product.slug);
  const [x0, x1, y0, y1] = rally ? [250, 950, 320, 900] : [380, 820, 330, 1000];
  const waffle = `<pattern id="waffle" width="28" height="28" patternUnits="userSpaceOnUse"><rect width="28" height="28" fill="${a.color}"/><rect x="4" y="4" width="20" height="20" fill="${shade(a.color, -0.04)}"/></pattern>`;
  const clip = rally
    ? ''
    : `<circle cx="600" cy="350" r="16" fill="#c9a44a" stroke="#8a6d2a" stroke-width="5"/><path d="M600 334 C560 250 640 230 640 290 L620 330" stroke="#555" stroke-width="10" fill="none"/>`;
  const hems = `<rect x="${x0}" y="${y1 - 60}" width="${x1 - x0}" height="24" fill="${shade(a.color, -0.15)}"/>`;
  const slogan = rally ? text(600, 820, 80, edge(a.color), 'GAME DAY!', { anchor: 'middle' }) : '';
  return `<defs>${waffle}</defs>${floorShadow(600, y1 + 30, (x1 - x0) / 2 + 40)}<path d="M${x0} ${y0} Q600 ${y0 + (rally ? 30 : 0)} ${x1} ${y0} L${x1} ${y1} Q600 ${y1 - 20} ${x0} ${y1} Z" fill="url(#waffle)" stroke="${edge(a.color)}" stroke-width="6"/>${hems}${clip}${a.art(600, rally ? 560 : 640, rally ? 300 : 260, a.color)}${slogan}`;
};

export const bandana: Item = (a) => {
  const ring = Array.from({ length: 28 }, (_, i) => {
    const t = i / 28;
    const side = Math.floor(t * 4);
    const f = t * 4 - side;
    const corners = [
      [600, 230],
      [970, 600],
      [600, 970],
      [230, 600],
      [600, 230],
    ] as const;
    const [ax, ay] = corners[side] as readonly [number, number];
    const [bx, by] = corners[side + 1] as readonly [number, number];
    return `<circle cx="${(ax + (bx - ax) * f).toFixed(0)}" cy="${(ay + (by - ay) * f).toFixed(0)}" r="12" fill="${CREAM}"/>`;
  });
  return (
    `${floorShadow(600, 1060, 380)}<polygon points="600,130 1070,600 600,1070 130,600" ${paint(a.color)}/>` +
    `<polygon points="600,300 900,600 600,900 300,600" fill="none" stroke="${CREAM}" stroke-width="8" stroke-dasharray="2 18" stroke-linecap="round"/>${ring.join('')}${a.art(600, 600, 280, a.color)}`
  );
};

export const cushion: Item = (a) => {
  const top =
    'M330 500 Q600 470 870 500 Q930 505 945 560 L1000 730 Q1010 775 960 780 Q600 805 240 780 Q190 775 200 730 L255 560 Q270 505 330 500 Z';
  return (
    `${floorShadow(600, 890, 440)}<path d="M200 735 Q600 765 1000 735 L1000 820 Q600 860 200 820 Z" fill="${shade(a.color, -0.25)}" stroke="${edge(a.color)}" stroke-width="6"/>` +
    `<path d="${top}" ${paint(a.color)}/><path d="M345 530 Q600 505 855 530 L955 750 Q600 775 245 750 Z" fill="none" stroke="${shade(a.color, 0.35)}" stroke-width="5" stroke-dasharray="16 12" stroke-linejoin="round"/>` +
    `<path d="M560 500 C555 455 645 455 640 500" stroke="${INK}" stroke-width="14" fill="none"/>${a.art(600, 635, 220, a.color)}`
  );
};

/** Unknown item type: a kraft box with a printed label. */
export const box: Item = (a) => {
  const random = rng(a.seed);
  const tilt = (random() * 6 - 3).toFixed(1);
  return (
    `${floorShadow(600, 960, 400)}<path d="M260 420 L600 320 L940 420 L600 520 Z" fill="#d9b98c" stroke="#8a6a42" stroke-width="6"/>` +
    `<path d="M260 420 L600 520 L600 960 L260 860 Z" fill="#c9a476" stroke="#8a6a42" stroke-width="6"/><path d="M940 420 L600 520 L600 960 L940 860 Z" fill="#b8925f" stroke="#8a6a42" stroke-width="6"/>` +
    `<g transform="rotate(${tilt} 430 680)"><rect x="320" y="570" width="230" height="220" rx="10" fill="${CREAM}"/>${a.art(435, 680, 170, CREAM)}</g>${seam('M430 370 L770 470', '#d9b98c', 14)}`
  );
};

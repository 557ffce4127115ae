// Garments and headwear, front view, flat-lay style.
import { type Item, edge, floorShadow, paint, seam } from './kit.mts';
import { CREAM, shade } from './svg.mts';

const SHORT_SLEEVES =
  'L900 290 L1040 440 L940 540 L860 470 L860 990 Q600 1010 340 990 L340 470 L260 540 L160 440 L300 290';
const LONG_SLEEVES =
  'L900 290 Q990 330 1010 420 L1080 900 L980 920 L900 540 L860 490 L860 990 Q600 1010 340 990 L340 490 L300 540 L220 920 L120 900 L190 420 Q210 330 300 290';

function top(color: string, sleeves: string, neck = 'M420 250 Q600 330 780 250'): string {
  const back = `<path d="M420 250 Q600 300 780 250 Z" fill="${shade(color, -0.28)}"/>`;
  return `${floorShadow(600, 1030, 420)}<path d="${neck} ${sleeves} Z" ${paint(color)}/>${back}`;
}

const cuffs = (c: string) =>
  `<path d="M1072 850 L1080 900 L980 920 L972 866 Z" fill="${shade(c, -0.1)}"/><path d="M128 850 L120 900 L220 920 L228 866 Z" fill="${shade(c, -0.1)}"/>`;
const hemBand = (c: string) =>
  `<path d="M340 940 Q600 960 860 940 L860 990 Q600 1010 340 990 Z" fill="${shade(c, -0.1)}"/>`;
const crewRib = (c: string) => seam('M420 250 Q600 330 780 250', c, 20);
const shoulderSeams = (c: string) => seam('M300 290 L340 480 M900 290 L860 480', c, 4);

export const tee: Item = (a) =>
  top(a.color, SHORT_SLEEVES) + crewRib(a.color) + shoulderSeams(a.color) + a.art(600, 600, 320, a.color);

export const vneck: Item = (a) =>
  top(a.color, SHORT_SLEEVES, 'M420 250 L600 430 L780 250') +
  `<path d="M420 250 L600 430 L780 250 Q600 290 420 250 Z" fill="${shade(a.color, -0.28)}"/>` +
  seam('M420 250 L600 430 L780 250', a.color, 16) +
  a.art(600, 640, 260, a.color);

export const longSleeve: Item = (a) =>
  top(a.color, LONG_SLEEVES) +
  crewRib(a.color) +
  cuffs(a.color) +
  shoulderSeams(a.color) +
  a.art(600, 600, 320, a.color);

export const crewneck: Item = (a) =>
  top(a.color, LONG_SLEEVES) +
  seam('M420 250 Q600 330 780 250', a.color, 30) +
  cuffs(a.color) +
  hemBand(a.color) +
  a.art(600, 600, 320, a.color);

export const hoodie: Item = (a) => {
  const hood = `<path d="M400 270 Q370 110 600 100 Q830 110 800 270 Z" ${paint(shade(a.color, -0.06))}/>`;
  const opening = `<path d="M460 250 Q600 400 740 250 Q600 190 460 250 Z" fill="${shade(a.color, -0.35)}"/>`;
  const pocket = `<path d="M420 770 L780 770 L830 930 L370 930 Z" ${paint(a.color, 5)}/>`;
  const strings = `<path d="M560 320 L548 500 M640 320 L652 500" stroke="${CREAM}" stroke-width="9" stroke-linecap="round"/>`;
  return (
    hood +
    top(a.color, LONG_SLEEVES) +
    opening +
    cuffs(a.color) +
    hemBand(a.color) +
    pocket +
    strings +
    a.art(600, 630, 230, a.color)
  );
};

export const quarterZip: Item = (a) => {
  const collar = `<path d="M430 255 L440 180 Q600 210 760 180 L770 255 Q600 330 430 255 Z" ${paint(shade(a.color, -0.05), 5)}/>`;
  const zip = `<path d="M600 205 L600 500" stroke="${edge(a.color)}" stroke-width="10"/><rect x="588" y="300" width="24" height="46" rx="6" fill="#c9c9c9" stroke="#555" stroke-width="3"/>`;
  return top(a.color, LONG_SLEEVES) + collar + zip + cuffs(a.color) + hemBand(a.color) + a.art(745, 470, 130, a.color);
};

const collarFlaps = (c: string) =>
  `<path d="M430 250 L600 330 L560 410 L420 320 Z M770 250 L600 330 L640 410 L780 320 Z" ${paint(c, 5)}/>`;

export const polo: Item = (a) => {
  const placket = `<rect x="578" y="330" width="44" height="200" ${paint(a.color, 4)}/><circle cx="600" cy="380" r="8" fill="${edge(a.color)}"/><circle cx="600" cy="460" r="8" fill="${edge(a.color)}"/>`;
  return (
    top(a.color, SHORT_SLEEVES) +
    placket +
    collarFlaps(a.color) +
    shoulderSeams(a.color) +
    a.art(745, 480, 130, a.color)
  );
};

export const workShirt: Item = (a) => {
  const buttons = [380, 500, 620, 740, 860]
    .map((y) => `<circle cx="600" cy="${y}" r="9" fill="${edge(a.color)}"/>`)
    .join('');
  const pockets = [420, 660]
    .map(
      (x) =>
        `<rect x="${x}" y="480" width="120" height="150" rx="6" ${paint(a.color, 4)}/><path d="M${x} 480 h120 v40 l-60 16 l-60 -16 Z" ${paint(shade(a.color, -0.06), 4)}/>`,
    )
    .join('');
  return (
    top(a.color, LONG_SLEEVES) +
    seam('M600 330 L600 990', a.color, 4) +
    buttons +
    pockets +
    collarFlaps(a.color) +
    cuffs(a.color) +
    a.art(720, 420, 90, a.color)
  );
};

export const tank: Item = (a) =>
  `${floorShadow(600, 1030, 340)}<path d="M440 230 L520 230 Q600 400 680 230 L760 230 Q770 420 880 500 L880 990 Q600 1010 320 990 L320 500 Q430 420 440 230 Z" ${paint(a.color)}/>` +
  seam('M520 230 Q600 400 680 230', a.color, 14) +
  a.art(600, 690, 300, a.color);

// ---- headwear -------------------------------------------------------------------------------

const CROWN = 'M330 720 C330 430 440 340 600 340 C760 340 870 430 870 720 Z';
const curvedBrim = (c: string) =>
  `<path d="M300 715 Q600 650 900 715 Q960 800 880 840 Q600 780 320 840 Q240 800 300 715 Z" ${paint(shade(c, -0.08))}/>`;
const crownSeams = (c: string) => seam('M600 345 L600 700 M480 375 Q430 520 425 710 M720 375 Q770 520 775 710', c, 4);

export const cap: Item = (a) => {
  const rope = /rope/.test(a.product.slug)
    ? `<path d="M320 722 Q600 660 880 722" stroke="${CREAM}" stroke-width="16" fill="none" stroke-dasharray="14 6"/>`
    : '';
  const flat = /snapback/.test(a.product.slug);
  const brim = flat
    ? `<path d="M250 700 L950 700 L990 780 L210 780 Z" ${paint(shade(a.color, -0.08))}/>`
    : curvedBrim(a.color);
  return `${floorShadow(600, 900, 380)}<path d="${CROWN}" ${paint(a.color)}/>${crownSeams(a.color)}<circle cx="600" cy="345" r="18" ${paint(a.color, 4)}/>${brim}${rope}${a.art(600, 560, 220, a.color)}`;
};

export const trucker: Item = (a) => {
  const mesh = `<pattern id="mesh" width="18" height="18" patternUnits="userSpaceOnUse"><rect width="18" height="18" fill="${CREAM}"/><circle cx="9" cy="9" r="4" fill="#d6cbb6"/></pattern>`;
  const front = `<path d="M410 715 C410 470 480 350 600 344 C720 350 790 470 790 715 Z" ${paint(a.color)}/>`;
  return `<defs>${mesh}</defs>${floorShadow(600, 900, 380)}<path d="${CROWN}" fill="url(#mesh)" stroke="#b9ad97" stroke-width="6"/>${front}<circle cx="600" cy="345" r="18" ${paint(a.color, 4)}/>${curvedBrim(a.color)}${a.art(600, 560, 230, a.color)}`;
};

export const visor: Item = (a) =>
  `${floorShadow(600, 860, 380)}<path d="M330 500 Q600 440 870 500 L870 650 Q600 600 330 650 Z" ${paint(a.color)}/>` +
  `<path d="M300 640 Q600 570 900 640 Q970 740 880 780 Q600 710 320 780 Q230 740 300 640 Z" ${paint(shade(a.color, -0.08))}/>${a.art(600, 555, 120, a.color)}`;

export const beanie: Item = (a) => {
  const ribs = Array.from({ length: 19 }, (_, i) => 340 + i * 29)
    .map((x) => `M${x} 700 L${x} 905`)
    .join(' ');
  const patch = `<rect x="515" y="735" width="170" height="130" rx="14" fill="${CREAM}" stroke="${shade(CREAM, -0.25)}" stroke-width="4"/>`;
  return (
    `${floorShadow(600, 950, 330)}<path d="M345 760 C345 380 455 250 600 250 C745 250 855 380 855 760 Z" ${paint(a.color)}/>` +
    seam('M430 700 Q440 420 600 262 M770 700 Q760 420 600 262 M600 262 L600 700', a.color, 4) +
    `<path d="M320 690 Q600 660 880 690 L880 900 Q600 930 320 900 Z" ${paint(shade(a.color, -0.06))}/>${seam(ribs, shade(a.color, -0.04), 4)}${patch}${a.art(600, 800, 110, CREAM)}`
  );
};

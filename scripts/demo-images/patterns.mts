// Subtle print-shop textures for the scrolling background (1600x900): halftone, ink, mesh, weave.
// Low contrast on purpose: text sits on top of them.
import { starPoints } from './motifs.mts';
import { mix, rng, svgDoc } from './svg.mts';

const W = 1600;
const H = 900;

type Texture = { base: string; defs?: (ink: string) => string; body: (ink: string) => string };

const tile = (id: string, size: number, content: string, rotate = 0) =>
  `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse"${rotate ? ` patternTransform="rotate(${rotate})"` : ''}>${content}</pattern>`;
const fillWith = (id: string) => `<rect width="${W}" height="${H}" fill="url(#${id})"/>`;

/** Dots that grow from left to right, like a halftone gradient ramp. */
function halftone(ink: string, step: number, angle: number): string {
  const dots: string[] = [];
  for (let y = -step; y < H + step; y += step) {
    for (let x = -step; x < W + step; x += step) {
      const r = 1 + (x / W) * step * 0.32;
      dots.push(`<circle cx="${x}" cy="${y}" r="${r.toFixed(1)}"/>`);
    }
  }
  return `<g fill="${ink}" transform="rotate(${angle} ${W / 2} ${H / 2}) scale(1.2) translate(-130 -80)">${dots.join('')}</g>`;
}

function splashes(ink: string, seed: number, count: number): string {
  const random = rng(seed);
  return Array.from({ length: count }, () => {
    const x = random() * W;
    const y = random() * H;
    const r = 30 + random() * 90;
    const drops = Array.from({ length: 7 }, () => {
      const a = random() * Math.PI * 2;
      const d = r * (1.2 + random() * 0.9);
      return `<circle cx="${(x + Math.cos(a) * d).toFixed(0)}" cy="${(y + Math.sin(a) * d).toFixed(0)}" r="${(4 + random() * r * 0.16).toFixed(1)}"/>`;
    });
    return `<g fill="${ink}"><circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}"/>${drops.join('')}</g>`;
  }).join('');
}

function topo(ink: string): string {
  const rings: string[] = [];
  for (const [cx, cy] of [
    [380, 300],
    [1200, 650],
  ] as const) {
    for (let r = 40; r < 700; r += 46) {
      const pts = Array.from({ length: 37 }, (_, i) => {
        const a = (i / 36) * Math.PI * 2;
        const wobble = 1 + 0.08 * Math.sin(a * 3 + r / 90) + 0.05 * Math.cos(a * 5 - r / 60);
        return `${(cx + Math.cos(a) * r * wobble * 1.3).toFixed(0)},${(cy + Math.sin(a) * r * wobble).toFixed(0)}`;
      });
      rings.push(`<polygon points="${pts.join(' ')}"/>`);
    }
  }
  return `<g fill="none" stroke="${ink}" stroke-width="2">${rings.join('')}</g>`;
}

const TEXTURES: Texture[] = [
  { base: '#f4ede1', body: (ink) => halftone(ink, 22, 15) },
  { base: '#f1e8da', body: (ink) => halftone(ink, 30, -30) },
  { base: '#f5efe6', body: (ink) => splashes(ink, 5, 9) },
  {
    base: '#f2ebdf',
    defs: (ink) => tile('mesh', 12, `<path d="M0 0 H12 M0 0 V12" stroke="${ink}" stroke-width="1.5"/>`, 45),
    body: () => fillWith('mesh'),
  },
  {
    base: '#f3eadb',
    defs: (ink) =>
      tile(
        'weave',
        24,
        `<rect x="1" y="2" width="10" height="8" rx="2" fill="${ink}"/><rect x="14" y="13" width="8" height="10" rx="2" fill="${ink}"/>`,
      ),
    body: () => fillWith('weave'),
  },
  {
    base: '#f5eee2',
    defs: (ink) => tile('pin', 28, `<path d="M0 0 V28" stroke="${ink}" stroke-width="3"/>`, 30),
    body: () => fillWith('pin'),
  },
  {
    base: '#f4ede3',
    defs: (ink) =>
      tile(
        'reg',
        160,
        `<g fill="none" stroke="${ink}" stroke-width="2"><circle cx="80" cy="80" r="16"/><path d="M56 80 H104 M80 56 V104"/></g>`,
      ),
    body: () => fillWith('reg'),
  },
  {
    base: '#f6f0e6',
    defs: () =>
      tile(
        'cmyk',
        26,
        `<circle cx="8" cy="8" r="4" fill="#6cc7d9" opacity="0.35"/><circle cx="14" cy="10" r="4" fill="#e07bb0" opacity="0.3"/><circle cx="11" cy="15" r="4" fill="#f0d265" opacity="0.35"/>`,
      ),
    body: () => fillWith('cmyk'),
  },
  { base: '#f2eadc', body: (ink) => topo(ink) },
  {
    base: '#f4ece0',
    defs: (ink) =>
      tile(
        'stars',
        140,
        `<polygon points="${starPoints(12, 5, 35, 35)}" fill="${ink}"/><polygon points="${starPoints(7, 3, 105, 100)}" fill="${ink}"/>`,
      ),
    body: () => fillWith('stars'),
  },
  {
    base: '#f5eee3',
    body: (ink) =>
      [120, 330, 560, 760]
        .map(
          (y, i) =>
            `<path d="M-50 ${y} C400 ${y - 60} 1000 ${y + 70} 1650 ${y - 20 + i * 10}" stroke="${ink}" stroke-width="${70 - i * 10}" fill="none" opacity="0.7" stroke-linecap="round"/>`,
        )
        .join(''),
  },
  {
    base: '#f3e9d9',
    body: (ink) => {
      const random = rng(41);
      const fibres = Array.from({ length: 260 }, () => {
        const x = random() * W;
        const y = random() * H;
        const a = random() * Math.PI;
        const l = 10 + random() * 26;
        return `M${x.toFixed(0)} ${y.toFixed(0)} l${(Math.cos(a) * l).toFixed(0)} ${(Math.sin(a) * l).toFixed(0)}`;
      });
      return `<path d="${fibres.join(' ')}" stroke="${ink}" stroke-width="2" stroke-linecap="round"/>`;
    },
  },
  {
    base: '#f1e9dd',
    defs: (ink) =>
      tile('twill', 16, `<path d="M0 16 L16 0 M-4 4 L4 -4 M12 20 L20 12" stroke="${ink}" stroke-width="3"/>`),
    body: () => fillWith('twill'),
  },
  {
    base: '#f5eee4',
    body: (ink) =>
      Array.from(
        { length: 12 },
        (_, i) =>
          `<path d="M0 ${40 + i * 75} Q200 ${10 + i * 75} 400 ${40 + i * 75} T800 ${40 + i * 75} T1200 ${40 + i * 75} T1600 ${40 + i * 75}" stroke="${ink}" stroke-width="3" fill="none"/>`,
      ).join(''),
  },
  {
    base: '#f4ebde',
    defs: (ink) =>
      tile(
        'bandana',
        90,
        `<g fill="${ink}"><circle cx="45" cy="45" r="9"/>${[0, 60, 120, 180, 240, 300].map((a) => `<circle cx="${(45 + 20 * Math.cos((a * Math.PI) / 180)).toFixed(1)}" cy="${(45 + 20 * Math.sin((a * Math.PI) / 180)).toFixed(1)}" r="6"/>`).join('')}<circle cx="0" cy="0" r="4"/><circle cx="90" cy="0" r="4"/><circle cx="0" cy="90" r="4"/><circle cx="90" cy="90" r="4"/></g>`,
      ),
    body: () => fillWith('bandana'),
  },
];

export const BACKGROUND_COUNT = TEXTURES.length;

export function backgroundSvg(index: number): string {
  const texture = TEXTURES[index % TEXTURES.length] as Texture;
  // A warm brown ink at low strength, so the texture reads as paper, not grey noise.
  const ink = mix(texture.base, '#8a6040', 0.13);
  return svgDoc(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${texture.base}"/>${texture.body(ink)}`,
    texture.defs?.(ink) ?? '',
  );
}

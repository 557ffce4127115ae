// Print motifs: small flat emblems drawn in a 200x200 box centred on 0,0 (see place() in svg.mts).
import { rng } from './svg.mts';

export type MotifColors = { main: string; alt: string };
export type Motif = (c: MotifColors) => string;

export function starPoints(outer: number, inner: number, cx = 0, cy = 0, points = 5): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    out.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return out.join(' ');
}

const star: Motif = (c) =>
  `<circle r="96" fill="none" stroke="${c.alt}" stroke-width="8"/><polygon points="${starPoints(84, 34)}" fill="${c.main}"/>`;

/** An oil derrick: lattice tower on a base, with a flag of flame-coloured accent. */
const derrick: Motif = (c) => {
  const s = `stroke="${c.main}" stroke-width="7" stroke-linecap="round"`;
  const braces = [-40, 0, 40]
    .map((y) => {
      const w = 18 + ((y + 80) / 180) * 44;
      return `<line x1="${-w}" y1="${y}" x2="${w}" y2="${y + 40}" ${s}/><line x1="${w}" y1="${y}" x2="${-w}" y2="${y + 40}" ${s}/>`;
    })
    .join('');
  return `<circle cx="0" cy="-30" r="70" fill="${c.alt}" opacity="0.9"/><path d="M-18 -90 L-66 90 M18 -90 L66 90 M-24 -90 H24" ${s} fill="none"/>${braces}<rect x="-90" y="86" width="180" height="10" fill="${c.main}"/>`;
};

/** A pump jack: samson post, walking beam with horse head, crank and counterweight. */
export const pumpjack: Motif = (c) =>
  `<circle cx="10" cy="-10" r="72" fill="${c.alt}" opacity="0.9"/>` +
  `<rect x="-95" y="78" width="190" height="12" fill="${c.main}"/>` +
  `<path d="M-10 78 L10 -22 L30 78" stroke="${c.main}" stroke-width="10" fill="none" stroke-linejoin="round"/>` +
  `<g transform="rotate(-12 10 -28)"><rect x="-66" y="-36" width="146" height="16" rx="4" fill="${c.main}"/>` +
  `<path d="M-62 -50 A44 44 0 0 0 -62 18 L-50 18 L-50 -50 Z" fill="${c.main}"/><line x1="-84" y1="-16" x2="-84" y2="78" stroke="${c.main}" stroke-width="4"/></g>` +
  `<circle cx="58" cy="44" r="22" fill="${c.main}"/><line x1="66" y1="-40" x2="58" y2="44" stroke="${c.main}" stroke-width="7"/>`;

const cactus: Motif = (c) =>
  `<circle r="94" fill="${c.alt}" opacity="0.9"/>` +
  `<g fill="${c.main}"><rect x="-20" y="-85" width="40" height="175" rx="20"/>` +
  `<path d="M-20 20 H-52 A14 14 0 0 1 -66 6 V-40 A14 14 0 0 1 -38 -40 V-8 H-20 Z"/>` +
  `<path d="M20 -5 H54 A14 14 0 0 0 68 -19 V-60 A14 14 0 0 0 40 -60 V-33 H20 Z"/>` +
  `<rect x="-80" y="84" width="160" height="10" rx="5"/></g>`;

const golfFlag: Motif = (c) =>
  `<ellipse cx="0" cy="70" rx="95" ry="28" fill="${c.alt}"/>` +
  `<line x1="-10" y1="70" x2="-10" y2="-92" stroke="${c.main}" stroke-width="7"/>` +
  `<path d="M-6 -92 L78 -66 L-6 -40 Z" fill="${c.main}"/>` +
  `<circle cx="40" cy="58" r="13" fill="${c.main}"/><ellipse cx="-10" cy="72" rx="16" ry="5" fill="${c.main}"/>`;

const football: Motif = (c) =>
  `<g transform="rotate(-30)"><ellipse rx="96" ry="58" fill="${c.main}"/>` +
  `<path d="M-70 -34 Q-60 0 -70 34 M70 -34 Q60 0 70 34" stroke="${c.alt}" stroke-width="8" fill="none"/>` +
  `<line x1="-40" y1="0" x2="40" y2="0" stroke="${c.alt}" stroke-width="8"/>` +
  [-28, -14, 0, 14, 28]
    .map((x) => `<line x1="${x}" y1="-12" x2="${x}" y2="12" stroke="${c.alt}" stroke-width="6"/>`)
    .join('') +
  '</g>';

const horseshoe: Motif = (c) => {
  const arc = [12, 42, 138, 168].map((deg) => {
    const a = (deg * Math.PI) / 180;
    return `<circle cx="${(70 * Math.cos(a)).toFixed(1)}" cy="${(10 - 70 * Math.sin(a)).toFixed(1)}" r="5" fill="${c.alt}"/>`;
  });
  const legs = [45, 75].flatMap((y) => [-70, 70].map((x) => `<circle cx="${x}" cy="${y}" r="5" fill="${c.alt}"/>`));
  const holes = [...arc, ...legs];
  return `<path d="M-70 90 L-70 10 A70 70 0 1 1 70 10 L70 90" stroke="${c.main}" stroke-width="34" fill="none" stroke-linecap="square"/>${holes.join('')}<polygon points="${starPoints(26, 11, 0, 4)}" fill="${c.alt}"/>`;
};

/** A striped retro sun setting behind a flat-topped mesa. */
export const sunMesa: Motif = (c) => {
  // Stripes as chords of the sun, so they stop at its edge without a clip path.
  const stripes = [-8, 14, 34].map((y, i) => {
    const half = Math.sqrt(88 ** 2 - (y - 10) ** 2);
    return `<rect x="${(-half).toFixed(1)}" y="${y}" width="${(2 * half).toFixed(1)}" height="${5 + i * 3}" fill="${c.main}"/>`;
  });
  return `<circle cx="0" cy="10" r="88" fill="${c.alt}"/>${stripes.join('')}<path d="M-100 95 L-82 62 L-70 40 H-8 L4 58 H30 L44 48 H72 L84 66 L100 95 Z" fill="${c.main}"/>`;
};

const skyline: Motif = (c) => {
  const blocks = [
    [-95, 20, 30],
    [-62, -20, 26],
    [-33, 0, 22],
    [-8, -55, 28],
    [23, -10, 24],
    [50, 15, 45],
  ] as const;
  const b = blocks.map(([x, y, w]) => `<rect x="${x}" y="${y}" width="${w}" height="${90 - y}" fill="${c.main}"/>`);
  return `<circle cx="40" cy="-40" r="46" fill="${c.alt}"/>${b.join('')}<ellipse cx="65" cy="-30" rx="22" ry="14" fill="${c.main}"/><path d="M55 -18 L50 15 M75 -18 L80 15" stroke="${c.main}" stroke-width="5"/><rect x="-100" y="88" width="200" height="8" fill="${c.main}"/>`;
};

const tumbleweed: Motif = (c) => {
  const random = rng(7);
  const loops: string[] = [];
  for (let i = 0; i < 16; i++) {
    const r = 40 + random() * 45;
    const a = random() * Math.PI * 2;
    loops.push(
      `<ellipse cx="${(Math.cos(a) * 18).toFixed(1)}" cy="${(Math.sin(a) * 18).toFixed(1)}" rx="${r.toFixed(1)}" ry="${(r * 0.55).toFixed(1)}" transform="rotate(${(random() * 180).toFixed(0)})"/>`,
    );
  }
  return `<g fill="none" stroke="${c.main}" stroke-width="5">${loops.join('')}</g><path d="M-100 92 H100" stroke="${c.alt}" stroke-width="8"/>`;
};

const mesquite: Motif = (c) =>
  `<g fill="${c.alt}"><circle cx="-45" cy="-30" r="42"/><circle cx="10" cy="-55" r="48"/><circle cx="55" cy="-20" r="38"/><circle cx="0" cy="-10" r="40"/></g>` +
  `<path d="M0 90 C-5 50 -10 20 -35 -10 M-2 40 C10 10 30 0 45 -15 M-4 20 C-2 -10 5 -30 10 -50" stroke="${c.main}" stroke-width="12" fill="none" stroke-linecap="round"/>` +
  `<rect x="-90" y="86" width="180" height="8" fill="${c.main}"/>`;

const armadillo: Motif = (c) => {
  // Shell bands end where the shell does: y = 40 - 72·√(1 - (x/80)²).
  const bands = [-48, -16, 16, 48].map((x) => {
    const top = 40 - 72 * Math.sqrt(1 - (x / 80) ** 2) + 4;
    return `<line x1="${x}" y1="36" x2="${(x * 0.9).toFixed(1)}" y2="${top.toFixed(1)}" stroke="${c.alt}" stroke-width="6"/>`;
  });
  return (
    `<path d="M-80 40 A80 72 0 0 1 80 40 Z" fill="${c.main}"/>${bands.join('')}` +
    `<path d="M64 6 Q96 8 118 34 Q96 42 64 40 Z" fill="${c.main}"/><ellipse cx="78" cy="-2" rx="6" ry="14" fill="${c.main}" transform="rotate(15 78 -2)"/>` +
    `<path d="M-74 36 Q-100 40 -104 70" stroke="${c.main}" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<g fill="${c.main}"><rect x="-50" y="38" width="14" height="34" rx="6" transform="rotate(14 -43 38)"/><rect x="35" y="38" width="14" height="34" rx="6" transform="rotate(-14 42 38)"/></g>` +
    `<path d="M-40 88 H40" stroke="${c.alt}" stroke-width="6" stroke-linecap="round"/>`
  );
};

const snowflake: Motif = (c) => {
  const arm = `<line x1="0" y1="0" x2="0" y2="-90"/><path d="M-22 -62 L0 -40 L22 -62 M-16 -84 L0 -68 L16 -84"/>`;
  const arms = [0, 60, 120, 180, 240, 300].map((a) => `<g transform="rotate(${a})">${arm}</g>`).join('');
  return `<circle r="98" fill="${c.alt}" opacity="0.35"/><g stroke="${c.main}" stroke-width="9" stroke-linecap="round" fill="none">${arms}</g>`;
};

export const MOTIFS = {
  star,
  derrick,
  pumpjack,
  cactus,
  golfFlag,
  football,
  horseshoe,
  sunMesa,
  skyline,
  tumbleweed,
  mesquite,
  armadillo,
  snowflake,
} satisfies Record<string, Motif>;
export type MotifName = keyof typeof MOTIFS;

const KEYWORDS: [RegExp, MotifName][] = [
  [/armadillo/, 'armadillo'],
  [/lone-star|holographic/, 'star'],
  [/golf|champ|sponsor|visor/, 'golfFlag'],
  [/pump-jack|energy-sticker/, 'pumpjack'],
  [/energy/, 'derrick'],
  [/skyline|lubbock/, 'skyline'],
  [/tumbleweed/, 'tumbleweed'],
  [/mesquite/, 'mesquite'],
  [/caprock|sunset|big-sky|diner|camp/, 'sunMesa'],
  [/friday|game-day|spirit|team-mom|stadium|rally|senior/, 'football'],
  [/rodeo|buckle|ranch|barrel|livestock|cow/, 'horseshoe'],
  [/sweater|jingle|holiday/, 'snowflake'],
  [/market|tote|cactus/, 'cactus'],
];

export function motifFor(slug: string, fallbackSeed: number): MotifName {
  for (const [pattern, name] of KEYWORDS) if (pattern.test(slug)) return name;
  return (['star', 'cactus', 'sunMesa', 'pumpjack'] as const)[fallbackSeed % 4] as MotifName;
}

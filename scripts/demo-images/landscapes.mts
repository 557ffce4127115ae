// West Texas landscapes for the hero carousel (1600x900, no text): mesas, sunsets, pump jacks,
// a windmill, canyon walls, cotton rows, night sky and an open highway.
import { rng, svgDoc, vGradient } from './svg.mts';

const W = 1600;
const H = 900;

const SKY = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;

/** A ridge of flat-topped mesas from a list of [x, y] points, closed down to the bottom edge. */
function ridge(points: readonly (readonly [number, number])[], fill: string): string {
  return `<path d="M0 ${H} ${points.map(([x, y]) => `L${x} ${y}`).join(' ')} L${W} ${H} Z" fill="${fill}"/>`;
}

export function pumpJack(x: number, ground: number, s: number, fill: string, tilt = -10): string {
  return (
    `<g transform="translate(${x} ${ground}) scale(${s})" fill="${fill}" stroke="${fill}">` +
    `<rect x="-70" y="-8" width="150" height="8" stroke="none"/><path d="M-10 0 L10 -95 L30 0" stroke-width="8" fill="none"/>` +
    `<g transform="rotate(${tilt} 10 -100)"><rect x="-80" y="-106" width="170" height="12" rx="3" stroke="none"/>` +
    `<path d="M-76 -116 A34 34 0 0 0 -76 -62 L-66 -62 L-66 -116 Z" stroke="none"/></g>` +
    `<line x1="-94" y1="-80" x2="-94" y2="0" stroke-width="3"/><circle cx="62" cy="-34" r="20" stroke="none"/><line x1="70" y1="-100" x2="62" y2="-34" stroke-width="6"/></g>`
  );
}

export function windmill(x: number, ground: number, s: number, fill: string): string {
  const blades = Array.from({ length: 18 }, (_, i) => {
    const a = (i * 20 * Math.PI) / 180;
    return `<line x1="${(14 * Math.cos(a)).toFixed(1)}" y1="${(14 * Math.sin(a)).toFixed(1)}" x2="${(60 * Math.cos(a)).toFixed(1)}" y2="${(60 * Math.sin(a)).toFixed(1)}" stroke-width="7"/>`;
  }).join('');
  return (
    `<g transform="translate(${x} ${ground}) scale(${s})" stroke="${fill}" fill="none" stroke-width="4">` +
    `<path d="M-40 0 L-6 -300 M40 0 L6 -300 M-34 -50 L34 -50 M-26 -120 L26 -120 M-18 -190 L18 -190 M-11 -255 L11 -255 M-34 -50 L26 -120 M34 -50 L-26 -120 M-26 -120 L18 -190 M26 -120 L-18 -190"/>` +
    `<g transform="translate(0 -320)">${blades}<circle r="62" stroke-width="4"/><circle r="12" fill="${fill}"/></g>` +
    `<path d="M0 -320 L95 -310 L110 -335 L95 -300" fill="${fill}"/></g>`
  );
}

function clouds(seed: number, count: number, yMax: number, fill = '#ffffff', opacity = 0.9): string {
  const random = rng(seed);
  return Array.from({ length: count }, () => {
    const x = random() * W;
    const y = 60 + random() * yMax;
    const w = 120 + random() * 200;
    return `<g fill="${fill}" opacity="${opacity}"><ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${w.toFixed(0)}" ry="${(w * 0.22).toFixed(0)}"/><ellipse cx="${(x - w * 0.3).toFixed(0)}" cy="${(y - w * 0.12).toFixed(0)}" rx="${(w * 0.45).toFixed(0)}" ry="${(w * 0.25).toFixed(0)}"/><ellipse cx="${(x + w * 0.25).toFixed(0)}" cy="${(y - w * 0.18).toFixed(0)}" rx="${(w * 0.38).toFixed(0)}" ry="${(w * 0.28).toFixed(0)}"/></g>`;
  }).join('');
}

function fence(ground: number, color: string): string {
  const posts = Array.from({ length: 17 }, (_, i) => `M${i * 100 + 20} ${ground - 70} V${ground + 10}`).join(' ');
  return `<path d="${posts}" stroke="${color}" stroke-width="10"/><path d="M0 ${ground - 55} H${W} M0 ${ground - 30} H${W}" stroke="${color}" stroke-width="3"/>`;
}

type Scene = { stops: string[]; body: string };

const SCENES: Scene[] = [
  {
    stops: ['#2b2d5c', '#8a3d6b', '#e0704f', '#f7c98a'],
    body:
      `<circle cx="1050" cy="560" r="170" fill="#ffd98f"/>` +
      ridge(
        [
          [0, 560],
          [180, 540],
          [260, 470],
          [520, 470],
          [580, 540],
          [900, 560],
          [960, 500],
          [1240, 500],
          [1300, 560],
          [1600, 540],
        ],
        '#9c4f63',
      ) +
      ridge(
        [
          [0, 680],
          [120, 620],
          [420, 620],
          [500, 690],
          [1000, 700],
          [1080, 640],
          [1380, 640],
          [1460, 700],
          [1600, 690],
        ],
        '#5e2f45',
      ) +
      `<rect y="780" width="${W}" height="120" fill="#3a1f2e"/>`,
  },
  {
    stops: ['#1f3b5a', '#6c5a7a', '#e07a4a', '#f6c27a'],
    body:
      `<circle cx="400" cy="690" r="120" fill="#ffd08a"/><rect y="690" width="${W}" height="210" fill="#2a1d18"/>` +
      pumpJack(420, 700, 1.6, '#2a1d18', -8) +
      pumpJack(980, 700, 2.6, '#2a1d18', 6) +
      pumpJack(1420, 700, 1.1, '#2a1d18', -4) +
      `<path d="M0 470 Q400 520 800 480 T1600 470" stroke="#2a1d18" stroke-width="3" fill="none"/><path d="M780 480 V700 M740 490 H820" stroke="#2a1d18" stroke-width="9"/>`,
  },
  {
    stops: ['#3f8fc4', '#7dbbe0', '#cde8f3'],
    body:
      clouds(3, 6, 300) +
      `<rect y="640" width="${W}" height="260" fill="#d8b45e"/><path d="M0 640 Q800 610 1600 640 V700 H0 Z" fill="#c7a04e"/>` +
      windmill(420, 760, 1.7, '#3b3430') +
      `<ellipse cx="520" cy="770" rx="120" ry="22" fill="#8d9095"/><rect x="400" y="730" width="240" height="40" fill="#a9acb0"/>` +
      fence(800, '#6b4a30'),
  },
  {
    stops: ['#9ed0e6', '#d6ecf2', '#f3e3c5'],
    body:
      ridge(
        [
          [0, 300],
          [200, 280],
          [340, 330],
          [620, 320],
          [760, 260],
          [1100, 270],
          [1250, 330],
          [1600, 310],
        ],
        '#b8553a',
      ) +
      ridge(
        [
          [0, 420],
          [300, 400],
          [380, 440],
          [700, 450],
          [840, 400],
          [1200, 410],
          [1320, 460],
          [1600, 440],
        ],
        '#d9824f',
      ) +
      ridge(
        [
          [0, 520],
          [260, 530],
          [520, 500],
          [760, 540],
          [1000, 520],
          [1400, 545],
          [1600, 530],
        ],
        '#efd2a8',
      ) +
      ridge(
        [
          [0, 640],
          [340, 600],
          [600, 650],
          [900, 620],
          [1200, 660],
          [1600, 630],
        ],
        '#a4452f',
      ) +
      ridge(
        [
          [0, 790],
          [500, 770],
          [1000, 800],
          [1600, 780],
        ],
        '#6e3424',
      ),
  },
  {
    stops: ['#4a9fd0', '#a8d5ea', '#eef6f0'],
    body:
      clouds(11, 7, 260) +
      `<rect y="560" width="${W}" height="340" fill="#7a5a3a"/>` +
      Array.from({ length: 15 }, (_, i) => {
        const x = -1400 + i * 300;
        return `<path d="M800 560 L${x} 900 L${x + 150} 900 Z" fill="#8fae5a"/>`;
      }).join(''),
  },
  {
    stops: ['#070b1f', '#16204a', '#2d3b6e'],
    body: (() => {
      const random = rng(21);
      const stars = Array.from(
        { length: 220 },
        () =>
          `<circle cx="${(random() * W).toFixed(0)}" cy="${(random() * 620).toFixed(0)}" r="${(0.8 + random() * 1.8).toFixed(1)}" fill="#fff6dc" opacity="${(0.4 + random() * 0.6).toFixed(2)}"/>`,
      );
      return (
        stars.join('') +
        `<circle cx="1260" cy="200" r="70" fill="#f4ecd0"/><circle cx="1290" cy="180" r="64" fill="#16204a"/>` +
        ridge(
          [
            [0, 640],
            [200, 640],
            [260, 580],
            [560, 580],
            [620, 650],
            [1600, 660],
          ],
          '#0b0d18',
        ) +
        windmill(1150, 700, 1.2, '#0b0d18')
      );
    })(),
  },
  {
    stops: ['#f0a85a', '#f6cf8e', '#fbe9c4'],
    body:
      ridge(
        [
          [0, 560],
          [300, 550],
          [360, 510],
          [560, 510],
          [620, 555],
          [1100, 560],
          [1160, 520],
          [1380, 520],
          [1440, 560],
          [1600, 560],
        ],
        '#b0674a',
      ) +
      `<rect y="560" width="${W}" height="340" fill="#c99a62"/><path d="M790 560 L810 560 L1250 900 L350 900 Z" fill="#4b4541"/>` +
      [0, 1, 2, 3, 4, 5]
        .map((i) => {
          const t = (i + 1) / 7;
          const y = 560 + 340 * t * t;
          return `<path d="M800 ${y.toFixed(0)} V${(y + 6 + 30 * t).toFixed(0)}" stroke="#f3d36b" stroke-width="${(2 + 10 * t).toFixed(1)}"/>`;
        })
        .join('') +
      (() => {
        const poles = [0, 1, 2, 3, 4].map((i) => {
          const t = 1 - i * 0.2;
          return { t, x: 800 - 650 * t, top: 560 - 330 * t };
        });
        const wire = `<path d="M0 ${(poles[0]!.top - 10).toFixed(0)} ${poles.map((p) => `L${p.x.toFixed(0)} ${(p.top + 20 * p.t).toFixed(0)}`).join(' ')} L800 560" stroke="#4a3628" stroke-width="2" fill="none"/>`;
        return (
          wire +
          poles
            .map(
              (p) =>
                `<path d="M${p.x.toFixed(0)} 560 V${p.top.toFixed(0)} M${(p.x - 30 * p.t).toFixed(0)} ${(p.top + 20 * p.t).toFixed(0)} H${(p.x + 30 * p.t).toFixed(0)}" stroke="#4a3628" stroke-width="${(3 + 8 * p.t).toFixed(1)}"/>`,
            )
            .join('')
        );
      })(),
  },
];

export const HERO_COUNT = SCENES.length;

export function heroSvg(index: number): string {
  const scene = SCENES[index % SCENES.length] as Scene;
  return svgDoc(W, H, SKY + scene.body, vGradient('sky', scene.stops));
}

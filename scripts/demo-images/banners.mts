// Collection and service banners (1200x800), the share card (1200x630) and the logo (SVG).
import { MOTIFS, starPoints } from './motifs.mts';
import { productDrawing } from './products.mts';
import type { SeedNamed, SeedProduct } from './seed.mts';
import { ACCENT, CREAM, GOLD, INK, SAND, TEAL, hashString, mix, pick, place, shade, svgDoc, text } from './svg.mts';

const THEMES: Record<string, string> = {
  'city-champ-golf': '#2e5e3a',
  'west-texas-originals': '#a8461f',
  'friday-night-lights': '#1f2a44',
  'ranch-and-rodeo': '#7a3f22',
  'signs-and-banners': '#23605c',
  'sticker-shop': '#5a2a55',
  'everyday-goods': '#8a6a3a',
  'holiday-market-2025': '#7a1622',
  consulting: '#3a3550',
  'apparel-printing': '#a8461f',
  'promotional-items': '#23605c',
  'signs-banners': '#1f2a44',
  'online-store': '#2e5e3a',
};
const FALLBACK_THEMES = ['#a8461f', '#23605c', '#1f2a44', '#2e5e3a'];

/** A 1200-unit drawing placed in a box `size` px wide whose top-left is x,y. */
const at = (x: number, y: number, size: number, drawing: string) =>
  `<g transform="translate(${x} ${y}) scale(${(size / 1200).toFixed(4)})">${drawing}</g>`;

/**
 * A banner is a picture only: the page's own heading names the collection or service, so no title,
 * label or blurb is drawn into it (docs/decisions/0028-owner-and-receipts.md); the art sits in the
 * middle, where it reads behind any heading laid over it and in a card's cropped box alike.
 */
function bannerSvg(slug: string, art: string): string {
  const bg = THEMES[slug] ?? pick(FALLBACK_THEMES, hashString(slug));
  const ground = `<path d="M0 800 L0 690 L90 690 L140 650 L330 650 L380 690 L700 700 L760 660 L1000 660 L1060 700 L1200 690 L1200 800 Z" fill="${shade(bg, -0.3)}"/>`;
  const body =
    `<rect width="1200" height="800" fill="${bg}"/><circle cx="600" cy="400" r="320" fill="${mix(bg, CREAM, 0.88)}"/>${ground}` +
    // The products drawn keep their shapes but not their words (a sign's "GRAND OPENING").
    `<g transform="translate(-265 0)">${art.replace(/<text\b[^>]*>[^<]*<\/text>/g, '')}</g>`;
  return svgDoc(1200, 800, body);
}

/** Two of the collection's products around the spotlight: the first large, the second in front. */
export function collectionSvg(collection: SeedNamed, products: SeedProduct[], colors: Map<string, string>): string {
  const [first, second] = products;
  const art =
    (first
      ? at(590, 120, 540, productDrawing(first, colors, 'a'))
      : place(870, 400, 420, MOTIFS.star({ main: INK, alt: ACCENT }))) +
    (second ? at(880, 430, 320, productDrawing(second, colors, 'b')) : '');
  return bannerSvg(collection.slug, art);
}

const stand = (slug: string, colors: string[], type = 'apparel'): SeedProduct => ({
  slug,
  name: slug,
  type,
  collection: '',
  colors,
});

function brandSheet(): string {
  const swatches = [ACCENT, INK, GOLD, TEAL, SAND]
    .map(
      (c, i) =>
        `<rect x="${330 + i * 115}" y="640" width="95" height="130" rx="6" fill="${c}"/><rect x="${330 + i * 115}" y="785" width="80" height="12" rx="6" fill="#cfc6b8"/>`,
    )
    .join('');
  return (
    `<g transform="rotate(-4 600 600)"><rect x="270" y="200" width="660" height="820" rx="8" fill="#ffffff" stroke="#cfc6b8" stroke-width="4"/>` +
    place(600, 400, 260, MOTIFS.star({ main: INK, alt: ACCENT })) +
    `<rect x="450" y="555" width="300" height="40" rx="8" fill="${INK}"/>` +
    swatches +
    `<rect x="330" y="830" width="110" height="80" rx="10" fill="${INK}"/>` +
    `<rect x="480" y="850" width="380" height="14" rx="7" fill="#cfc6b8"/><rect x="480" y="885" width="300" height="14" rx="7" fill="#cfc6b8"/></g>` +
    `<g transform="rotate(35 880 760)"><rect x="640" y="735" width="420" height="46" rx="6" fill="${GOLD}"/><path d="M640 735 L580 758 L640 781 Z" fill="#e8c9a0"/><rect x="1020" y="735" width="40" height="46" fill="#e07bb0"/></g>`
  );
}

function storefront(colors: Map<string, string>): string {
  const cards = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const x = 200 + (i % 3) * 270;
      const y = 360 + Math.floor(i / 3) * 300;
      const product = stand(['sunset-tee', 'lone-star-tee', 'cactus-tee'][i % 3] as string, [
        ['Turquoise', 'Burnt Orange', 'Navy', 'Sand', 'Maroon', 'Forest Green'][i] as string,
      ]);
      return `<rect x="${x}" y="${y}" width="240" height="270" rx="12" fill="#ffffff" stroke="#e2dccf" stroke-width="3"/>${at(x + 30, y + 10, 180, productDrawing(product, colors, `c${i}`))}<rect x="${x + 30}" y="${y + 210}" width="120" height="14" rx="7" fill="#cfc6b8"/><rect x="${x + 30}" y="${y + 236}" width="60" height="14" rx="7" fill="${ACCENT}"/>`;
    })
    .join('');
  return (
    `<rect x="150" y="200" width="900" height="800" rx="18" fill="#fbf8f2" stroke="${INK}" stroke-width="6"/><path d="M150 218 Q150 200 168 200 H1032 Q1050 200 1050 218 V280 H150 Z" fill="${INK}"/>` +
    [190, 225, 260].map((x, i) => `<circle cx="${x}" cy="240" r="11" fill="${[ACCENT, GOLD, TEAL][i]}"/>`).join('') +
    `<rect x="300" y="222" width="560" height="36" rx="18" fill="#3a342d"/><path d="M935 222 h50 l-8 30 h-36 Z" fill="none" stroke="${CREAM}" stroke-width="5"/><circle cx="990" cy="222" r="16" fill="${ACCENT}"/>${cards}`
  );
}

export function serviceSvg(service: SeedNamed, colors: Map<string, string>): string {
  const pair = (a: SeedProduct, b: SeedProduct) =>
    at(590, 120, 540, productDrawing(a, colors, 'a')) + at(880, 430, 320, productDrawing(b, colors, 'b'));
  const arts: Record<string, () => string> = {
    consulting: () => at(600, 110, 560, brandSheet()),
    'apparel-printing': () => pair(stand('sunset-tee', ['Turquoise']), stand('pump-jack-hoodie', ['Burnt Orange'])),
    'promotional-items': () =>
      pair(stand('lone-star-tumbler', ['Navy'], 'drinkware'), stand('diner-mug', ['White'], 'drinkware')),
    'signs-banners': () => pair(stand('custom-yard-sign', [], 'sign'), stand('vinyl-banner', [], 'banner')),
    'online-store': () => at(600, 110, 560, storefront(colors)),
  };
  const art = arts[service.slug]?.() ?? place(870, 400, 420, MOTIFS.sunMesa({ main: INK, alt: ACCENT }));
  return bannerSvg(service.slug, art);
}

export function ogSvg(tagline: string): string {
  return svgDoc(
    1200,
    630,
    `<rect width="1200" height="630" fill="#f6efe3"/><circle cx="1010" cy="290" r="185" fill="${mix('#f6efe3', GOLD, 0.25)}"/>${place(1010, 290, 300, MOTIFS.sunMesa({ main: INK, alt: ACCENT }))}` +
      `<polygon points="${starPoints(36, 15, 110, 212)}" fill="${ACCENT}"/>${text(160, 235, 62, INK, 'West Texas Prints')}` +
      `${text(80, 335, 38, ACCENT, tagline)}${text(80, 400, 24, '#5a5046', 'Custom apparel · Signs & banners · Stickers · Promo goods', { weight: 'normal' })}` +
      `<rect y="585" width="1200" height="45" fill="${INK}"/><rect y="578" width="1200" height="7" fill="${ACCENT}"/>`,
  );
}

/** The wordmark: a star and "West Texas Prints", sized by textLength so any fallback font fits. */
export function logoSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 380 64" width="380" height="64" role="img" aria-labelledby="logo-title"><title id="logo-title">West Texas Prints</title>` +
    `<polygon points="${starPoints(26, 11, 32, 32)}" fill="${ACCENT}"/>` +
    `<text x="68" y="43" textLength="300" lengthAdjust="spacingAndGlyphs" font-family="'Rockwell', 'Roboto Slab', Georgia, 'DejaVu Serif', serif" font-size="29" font-weight="700" fill="${INK}">West Texas <tspan fill="${ACCENT}">Prints</tspan></text></svg>\n`
  );
}

/**
 * The built-in demo supplier's catalogue (like the built-in test checkout): two real styles in a
 * few colours, S to 3XL, with costs close to a 2026 price list and stock in three warehouses, so
 * `npm start` and every test can add blanks with no account and no network.
 */
export interface DemoStyle {
  code: string;
  brand: string;
  name: string;
  description: string;
  /** Cents of one piece: S-XL, 2XL, 3XL. */
  costs: [number, number, number];
  /** Ounces of one M; each size up adds 0.3 oz. */
  weightOz: number;
  colours: { name: string; hex: string; code: string }[];
}

export const DEMO_SIZES = ['S', 'M', 'L', 'XL', '2XL', '3XL'] as const;
export const DEMO_WAREHOUSES = ['Dallas, TX', 'Reno, NV', 'Lockport, IL'] as const;

export const DEMO_STYLES: readonly DemoStyle[] = [
  {
    code: '5000',
    brand: 'Gildan',
    name: 'Gildan 5000 Heavy Cotton T-Shirt',
    description: '5.3 oz. 100% cotton (Sport Grey 90/10), seamless collar, taped neck and shoulders.',
    costs: [287, 461, 587],
    weightOz: 6.2,
    colours: [
      { name: 'White', hex: '#ffffff', code: '01' },
      { name: 'Black', hex: '#25282a', code: '36' },
      { name: 'Heather Navy', hex: '#333f55', code: '47' },
      { name: 'Sport Grey', hex: '#97999b', code: '95' },
      { name: 'Red', hex: '#c8102e', code: '40' },
    ],
  },
  {
    code: 'PC61',
    brand: 'Port & Company',
    name: 'Port & Company PC61 Essential Tee',
    description: '6.1 oz. 100% cotton, shoulder-to-shoulder taping, tear-away label.',
    costs: [249, 429, 549],
    weightOz: 6.6,
    colours: [
      { name: 'White', hex: '#ffffff', code: 'WH' },
      { name: 'Jet Black', hex: '#1b1b1b', code: 'JB' },
      { name: 'Navy', hex: '#1f2a44', code: 'NV' },
      { name: 'Athletic Heather', hex: '#a7a8aa', code: 'AH' },
    ],
  },
];

export function demoSku(style: DemoStyle, colourCode: string, size: string): string {
  return `DEMO-${style.code}-${colourCode}-${size}`;
}

/**
 * Stock of one SKU in one warehouse: steady for a given SKU (a demo should not flicker), with
 * the shortages every shop meets: 3XL Heather Navy is out everywhere, 3XL runs low elsewhere.
 */
export function demoStock(sku: string, warehouse: number): number {
  if (sku.endsWith('-47-3XL')) return 0;
  let hash = 2166136261;
  for (const char of `${sku}@${warehouse}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  const spread = (hash >>> 0) % 400;
  return sku.endsWith('-3XL') ? spread % 12 : 24 + spread;
}

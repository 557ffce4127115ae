// Reads what the demo images must depict straight out of supabase/seed.sql, so a renamed or
// added product gets its picture on the next run without editing a list here.

export type SeedProduct = { slug: string; name: string; type: string; collection: string; colors: string[] };
export type SeedNamed = { slug: string; name: string; blurb: string };
export type SeedData = {
  colors: Map<string, string>;
  collections: SeedNamed[];
  products: SeedProduct[];
  services: SeedNamed[];
  /** Every `/images/...` literal the seed mentions (main, secondary and header images). */
  imagePaths: string[];
};

const unquote = (value: string) => value.replace(/''/g, "'");

/** The text of the statement that starts at `marker`, up to the next blank line + `insert`/`--`. */
function section(sql: string, marker: string): string {
  const start = sql.indexOf(marker);
  if (start < 0) return '';
  const end = sql.slice(start + marker.length).search(/\n\s*\n(?:insert|--|with)\b/);
  return end < 0 ? sql.slice(start) : sql.slice(start, start + marker.length + end);
}

export function parseSeed(sql: string): SeedData {
  const colors = new Map<string, string>();
  for (const m of section(sql, 'insert into public.colors').matchAll(/\('([^']+)',\s*'(#[0-9A-Fa-f]{6,8})'/g)) {
    colors.set(m[1] as string, m[2] as string);
  }

  const collections: SeedNamed[] = [];
  const collectionRow = /^\s*\('((?:[^']|'')+)',\s*'([a-z0-9-]+)',\s*\n\s*'((?:[^']|'')*)'/gm;
  for (const m of section(sql, 'insert into public.collections').matchAll(collectionRow)) {
    collections.push({ name: unquote(m[1] as string), slug: m[2] as string, blurb: unquote(m[3] as string) });
  }

  const products: SeedProduct[] = [];
  const productRow = /^\s*\(\d+,\s*'([a-z0-9-]+)',\s*'([a-z0-9-]+)',\s*'((?:[^']|'')+)',\s*'[^']*',\s*'([a-z]+)'/gm;
  for (const m of sql.matchAll(productRow)) {
    const rest = sql.slice((m.index ?? 0) + m[0].length);
    const colorList = /array\[([^\]]*)\]/.exec(rest)?.[1] ?? '';
    products.push({
      collection: m[1] as string,
      slug: m[2] as string,
      name: unquote(m[3] as string),
      type: m[4] as string,
      colors: [...colorList.matchAll(/'([^']+)'/g)].map((c) => c[1] as string),
    });
  }

  const services: SeedNamed[] = [];
  const serviceRow = /^\s*\('([a-z0-9-]+)',\s*'((?:[^']|'')+)',\s*'((?:[^']|'')+)',/gm;
  for (const m of section(sql, 'insert into public.services').matchAll(serviceRow)) {
    services.push({ slug: m[1] as string, name: unquote(m[2] as string), blurb: unquote(m[3] as string) });
  }

  const imagePaths = [...new Set([...sql.matchAll(/'(\/images\/[^']+\.[a-z]+)'/g)].map((m) => m[1] as string))];
  return { colors, collections, products, services, imagePaths };
}

/**
 * Renders the demo shop's pictures into public/images/ from flat vector art drawn in code:
 *   products/{slug}.webp (1200x1200) and products/{slug}--{colour}.webp (a colour's own picture,
 *   when the seed names one), collections/{slug}.webp and services/{slug}.webp (1200x800),
 *   hero/hero-1..7.webp and backgrounds/bg-1..15.webp (1600x900), og-default.webp (1200x630), logo.svg.
 * What to draw comes from supabase/seed.sql (slugs, names, first colour). Output is deterministic,
 * and a file whose bytes did not change is not rewritten (its mtime keys the image cache).
 *
 *   node scripts/generate-demo-images.mts
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { collectionSvg, logoSvg, ogSvg, serviceSvg } from './demo-images/banners.mts';
import { HERO_COUNT, heroSvg } from './demo-images/landscapes.mts';
import { BACKGROUND_COUNT, backgroundSvg } from './demo-images/patterns.mts';
import { productSvg } from './demo-images/products.mts';
import { parseSeed, type SeedProduct } from './demo-images/seed.mts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'public', 'images');
const TAGLINE = 'Prints with West Texas energy.';
const BUDGET_BYTES = 4 * 1024 * 1024;

type Job = { path: string; render: () => string | Promise<Buffer> };

async function toBytes(job: Job): Promise<Buffer> {
  const output = job.render();
  if (typeof output !== 'string') return output;
  if (job.path.endsWith('.svg')) return Buffer.from(output);
  return sharp(Buffer.from(output)).webp({ quality: 80 }).toBuffer();
}

/** Writes only when the bytes differ, so unchanged images keep their mtime (and cache keys). */
async function writeIfChanged(path: string, bytes: Buffer): Promise<boolean> {
  const current = await readFile(path).catch(() => null);
  if (current?.equals(bytes)) return false;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
  return true;
}

const toSlug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The product a `{slug}--{colour}` picture shows, with that colour first; null for any other name. */
function colourPicture(name: string, products: SeedProduct[]): SeedProduct | null {
  const [slug, colour] = name.split('--');
  const product = products.find((p) => p.slug === slug);
  const named = product?.colors.find((c) => toSlug(c) === colour);
  return product && named ? { ...product, colors: [named, ...product.colors.filter((c) => c !== named)] } : null;
}

async function main() {
  const seed = parseSeed(await readFile(join(root, 'supabase', 'seed.sql'), 'utf8'));
  if (seed.products.length === 0) throw new Error('no products found in supabase/seed.sql');

  const jobs: Job[] = [
    ...seed.products.map((p) => ({ path: `products/${p.slug}.webp`, render: () => productSvg(p, seed.colors) })),
    ...seed.collections.map((c) => ({
      path: `collections/${c.slug}.webp`,
      render: () =>
        collectionSvg(
          c,
          seed.products.filter((p) => p.collection === c.slug),
          seed.colors,
        ),
    })),
    ...seed.services.map((s) => ({ path: `services/${s.slug}.webp`, render: () => serviceSvg(s, seed.colors) })),
    ...Array.from({ length: HERO_COUNT }, (_, i) => ({ path: `hero/hero-${i + 1}.webp`, render: () => heroSvg(i) })),
    ...Array.from({ length: BACKGROUND_COUNT }, (_, i) => ({
      path: `backgrounds/bg-${i + 1}.webp`,
      render: () => backgroundSvg(i),
    })),
    { path: 'og-default.webp', render: () => ogSvg(TAGLINE) },
    { path: 'logo.svg', render: () => logoSvg() },
  ];
  // Any other picture the seed points at (a secondary image, say) still gets a believable stand-in.
  const planned = new Set(jobs.map((job) => `/images/${job.path}`));
  for (const path of seed.imagePaths.filter((p) => !planned.has(p))) {
    const slug = basename(path).replace(/\.[a-z]+$/, '');
    // A colour's own picture, products/{slug}--{colour}.webp: the product drawn in that colour.
    const coloured = colourPicture(slug, seed.products);
    if (coloured && path.endsWith('.webp')) {
      jobs.push({ path: path.slice('/images/'.length), render: () => productSvg(coloured, seed.colors) });
      continue;
    }
    const stand = { slug, name: slug.replace(/-/g, ' '), type: '', collection: '', colors: [] };
    const svg = productSvg(stand, seed.colors);
    const render = path.endsWith('.webp')
      ? () => svg
      : () =>
          sharp(Buffer.from(svg))
            .toFormat(path.split('.').pop() as 'png')
            .toBuffer();
    jobs.push({ path: path.slice('/images/'.length), render });
  }

  let total = 0;
  let written = 0;
  const started = performance.now();
  // Four at a time: libvips is multi-threaded already, and 1600x900 rasters add up.
  for (let i = 0; i < jobs.length; i += 4) {
    const batch = jobs.slice(i, i + 4);
    const results = await Promise.all(
      batch.map(async (job) => {
        const bytes = await toBytes(job);
        return { bytes: bytes.length, changed: await writeIfChanged(join(outDir, job.path), bytes) };
      }),
    );
    for (const result of results) {
      total += result.bytes;
      if (result.changed) written++;
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `demo images: ${jobs.length} files, ${written} written, ${(total / 1024).toFixed(0)} KiB in public/images (${seconds}s)`,
  );
  if (total > BUDGET_BYTES) console.warn(`demo images: over the ${BUDGET_BYTES / 1024 / 1024} MiB budget`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

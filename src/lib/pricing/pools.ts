import { type Job, type JobDecoration, type JobLine, PricingInputError } from './job.ts';

/** Every piece one design goes on in the job, and where it first appears (its fees' list and name). */
export interface DesignPool {
  pieces: number;
  lineIndex: number;
  decorationIndex: number;
  line: JobLine;
  decoration: JobDecoration;
  /** Screen print: the most ink colours the design is printed with (its screens). */
  colors: number;
}

export interface Pools {
  /** Pieces per product (productId, else productName): the blank's quantity tiers. */
  products: Map<string, number>;
  /** Pieces per design: the decoration's band and its one-time fees. */
  designs: Map<string, DesignPool>;
}

export function productKey(line: JobLine): string {
  return line.productId ?? `name:${line.productName}`;
}

export function checkQuantity(line: JobLine, index: number): void {
  if (!Number.isInteger(line.quantity) || line.quantity < 1) {
    throw new PricingInputError(`lines[${index}].quantity`, 'Enter a whole number of pieces, 1 or more.');
  }
}

/**
 * Pooling as shops price it: a design's band counts every piece its artwork goes on across
 * sizes, colours and garments; a blank's tiers count every piece of that product.
 */
export function countPools(job: Job): Pools {
  const products = new Map<string, number>();
  const designs = new Map<string, DesignPool>();
  job.lines.forEach((line, lineIndex) => {
    checkQuantity(line, lineIndex);
    const key = productKey(line);
    products.set(key, (products.get(key) ?? 0) + line.quantity);
    line.decorations.forEach((decoration, decorationIndex) => {
      const colors = decoration.inputs.colors ?? 0;
      const pool = designs.get(decoration.design);
      if (pool) {
        pool.pieces += line.quantity;
        if (colors > pool.colors) pool.colors = colors;
      } else {
        designs.set(decoration.design, {
          pieces: line.quantity,
          lineIndex,
          decorationIndex,
          line,
          decoration,
          colors,
        });
      }
    });
  });
  return { products, designs };
}

import type { z } from '../zod.ts';
import type {
  AreaList,
  EmbroideryList,
  PriceGrid,
  PriceListData,
  ScreenPrintList,
  TransferList,
  TurnaroundList,
} from './lists.ts';

/**
 * The rules of a list that span its fields (docs/decisions/0027-price-lists.md): a grid has one column per thing the
 * method prices, bands and codes never repeat, a rush is faster than standard. Each issue names
 * its field and says in words what to change; priceListDataSchema runs them after the shapes.
 */

const gridWidth = (grid: PriceGrid) => grid.cells[0]?.length ?? 0;

/** A method's grid has one column per thing it prices (stitch band, print size, material). */
function columnsMatch(
  ctx: z.RefinementCtx,
  path: (string | number)[],
  grid: PriceGrid,
  expected: number,
  what: string,
) {
  const width = gridWidth(grid);
  if (grid.cells.length > 0 && width !== expected) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'cells'],
      message: `The grid has ${width} ${width === 1 ? 'column' : 'columns'} for ${expected} ${what}${expected === 1 ? '' : 's'}: one column per ${what}.`,
    });
  }
}

/** Codes name options inside a list (the order line keeps them), so each is used once. */
function uniqueCodes(
  ctx: z.RefinementCtx,
  path: (string | number)[],
  items: readonly { code: string }[],
  what: string,
) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.code)) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, i, 'code'],
        message: `Another ${what} already uses the code "${item.code}".`,
      });
    }
    seen.add(item.code);
  });
}

function refineScreenPrint(list: ScreenPrintList, ctx: z.RefinementCtx) {
  const most = gridWidth(list.grid);
  list.screen_fee_rules.forEach((rule, i) => {
    if (most > 0 && rule.max_colors > most) {
      ctx.addIssue({
        code: 'custom',
        path: ['screen_fee_rules', i, 'max_colors'],
        message: `The grid prices at most ${most} ${most === 1 ? 'colour' : 'colours'}.`,
      });
    }
  });
  uniqueCodes(ctx, ['surcharges'], list.surcharges, 'surcharge');
}

function refineEmbroidery(list: EmbroideryList, ctx: z.RefinementCtx) {
  const bands = list.stitch_bands;
  for (let i = 1; i < bands.length; i++) {
    if (bands[i]! <= bands[i - 1]!) {
      ctx.addIssue({
        code: 'custom',
        path: ['stitch_bands', i],
        message: 'Each stitch band goes above the one before it.',
      });
    }
  }
  columnsMatch(ctx, ['grid'], list.grid, bands.length, 'stitch band');
  if (list.extra_per_thousand_cents && list.extra_per_thousand_cents.length !== list.grid.rows.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['extra_per_thousand_cents'],
      message: 'Give the price per extra 1,000 stitches for every quantity band.',
    });
  }
  const last = bands[bands.length - 1] ?? 0;
  if (list.max_stitches < last) {
    ctx.addIssue({
      code: 'custom',
      path: ['max_stitches'],
      message: `The most stitches cannot be below the last band (${last.toLocaleString('en-US')}).`,
    });
  } else if (list.max_stitches > last && !list.extra_per_thousand_cents) {
    ctx.addIssue({
      code: 'custom',
      path: ['max_stitches'],
      message: 'Past the last stitch band, give a price per extra 1,000 stitches.',
    });
  }
  list.size_choices.forEach((choice, i) => {
    if (choice.stitches > list.max_stitches) {
      ctx.addIssue({
        code: 'custom',
        path: ['size_choices', i, 'stitches'],
        message: 'More stitches than the list takes.',
      });
    }
  });
  uniqueCodes(ctx, ['size_choices'], list.size_choices, 'size');
}

function refineTransfer(list: TransferList, ctx: z.RefinementCtx) {
  uniqueCodes(ctx, ['print_sizes'], list.print_sizes, 'print size');
  columnsMatch(ctx, ['light'], list.light, list.print_sizes.length, 'print size');
  if (list.dark) {
    columnsMatch(ctx, ['dark'], list.dark, list.print_sizes.length, 'print size');
    const same =
      list.dark.rows.length === list.light.rows.length && list.dark.rows.every((r, i) => r === list.light.rows[i]);
    if (!same) {
      ctx.addIssue({
        code: 'custom',
        path: ['dark', 'rows'],
        message: 'Dark garments use the same quantity bands as light ones.',
      });
    }
  }
}

function refineArea(list: AreaList, ctx: z.RefinementCtx) {
  uniqueCodes(ctx, ['materials'], list.materials, 'material');
  uniqueCodes(ctx, ['finishing'], list.finishing, 'finishing option');
  columnsMatch(ctx, ['grid'], list.grid, list.materials.length, 'material');
}

function refineTurnaround(list: TurnaroundList, ctx: z.RefinementCtx) {
  list.rush.forEach((option, i) => {
    if (option.business_days >= list.standard_days) {
      ctx.addIssue({
        code: 'custom',
        path: ['rush', i, 'business_days'],
        message: `A rush takes fewer days than the standard ${list.standard_days}.`,
      });
    }
  });
  uniqueCodes(ctx, ['rush'], list.rush, 'rush option');
}

/** The method's own rules, for priceListDataSchema. */
export function refineList(list: PriceListData, ctx: z.RefinementCtx) {
  switch (list.method) {
    case 'screen_print':
      return refineScreenPrint(list, ctx);
    case 'embroidery':
      return refineEmbroidery(list, ctx);
    case 'dtg':
    case 'dtf':
    case 'heat_transfer':
      return refineTransfer(list, ctx);
    case 'area':
      return refineArea(list, ctx);
    case 'turnaround':
      return refineTurnaround(list, ctx);
    default:
      return undefined;
  }
}

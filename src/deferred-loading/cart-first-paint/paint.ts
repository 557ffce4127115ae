import { startFirstPaint } from './first-paint.ts';

/**
 * The cart page's first paint over a stored cart whose lines are not priced by the owner's lists
 * (first-paint.ts). It carries no price-list engine: such lines keep the price they were stored
 * with, and the page holds its first paint for this file, so every byte here delays it.
 */
startFirstPaint();

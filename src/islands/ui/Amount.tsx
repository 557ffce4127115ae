import { formatUsd } from '../../lib/money.ts';

/**
 * An amount of money as one unbreakable piece of text ("$30.00", never "$30.0" and "0" on two
 * lines): the page lets long words break anywhere (global.css), which would otherwise let a
 * squeezed column split a price. The `amount` class is global so built pages use it too.
 */
export function Amount({ cents }: { cents: number }) {
  return <span className="amount">{formatUsd(cents)}</span>;
}

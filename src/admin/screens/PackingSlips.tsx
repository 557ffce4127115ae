import type { PackingSlip, PackingSlips as Slips } from '../../lib/admin-schemas/packing-slips.ts';
import { dateTime } from '../format.ts';
import { packingSlipsPath, packingSlipsStoreFromPath } from '../store-links.ts';
import { Button } from '../ui/controls.tsx';
import { useAdminRead } from '../use-admin-read.ts';
import { SheetLink } from './SheetLink.tsx';
// The work order's sheet and print rules (no admin chrome on paper), then the slips' own.
import './work-order.css';
import './packing-slips.css';
import { ReadStatus } from './ReadStatus.tsx';

/** "Packing slips": a store's printable bag labels, a real link that routes in the SPA (for the Stores screen). */
export function PackingSlipsLink({ storeId }: { storeId: string }) {
  return <SheetLink path={packingSlipsPath(storeId)}>Packing slips</SheetLink>;
}

const variant = (line: PackingSlip['lines'][number]) => [line.color, line.size].filter(Boolean).join(', ');

/** One bag: the buyer's name large enough to read across a table, and what goes in it. */
function Slip({ slip, store, index }: { slip: PackingSlip; store: Slips['store']; index: number }) {
  const titleId = `ps-slip-${index}`;
  return (
    <section className="ps-slip" aria-labelledby={titleId} data-slip={slip.order}>
      <header className="ps-slip-head">
        <h2 id={titleId}>{slip.buyer}</h2>
        <p>
          {store.name} · order {slip.order} · {slip.pieces} {slip.pieces === 1 ? 'piece' : 'pieces'}
        </p>
      </header>
      <table className="ps-lines">
        <caption className="ps-visually-hidden">In the bag of {slip.buyer}</caption>
        <thead>
          <tr>
            <th scope="col">Pieces</th>
            <th scope="col">Design</th>
            <th scope="col">Colour and size</th>
            <th scope="col">Name</th>
            <th scope="col">Number</th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a slip's lines never reorder; two may read alike
            <tr key={i}>
              <td>{line.quantity}</td>
              <th scope="row">{line.design}</th>
              <td>{variant(line)}</td>
              <td>{line.name ?? ''}</td>
              <td>{line.number ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="ps-check">
        <span aria-hidden="true">☐</span> Packed and checked
      </p>
    </section>
  );
}

/**
 * The packing slips of a closed store delivered to its organiser (docs/decisions/0030-team-stores.md), at
 * /admin/stores/<id>/packing-slips: one slip per buyer's bag, printed from the browser; printing
 * leaves out the admin's chrome, as the work order does.
 */
export function PackingSlips() {
  const storeId = packingSlipsStoreFromPath(location.pathname);
  const { data: slips, error } = useAdminRead<Slips>(
    storeId ? `admin/store-packing-slips/${storeId}` : null,
    'Could not load the slips.',
  );
  return (
    <section className="adm-screen ps-screen" aria-labelledby="ps-title">
      <div className="adm-screen-head wo-toolbar">
        <Button variant="primary" isDisabled={!slips} onPress={() => window.print()}>
          Print
        </Button>
      </div>
      <ReadStatus error={error} loaded={slips !== null} />
      <article className="wo-sheet ps-sheet">
        <h1 id="ps-title">Packing slips{slips ? `: ${slips.store.name}` : ''}</h1>
        {slips ? (
          <p className="ps-summary">
            {slips.slips.length} {slips.slips.length === 1 ? 'bag' : 'bags'} for {slips.store.organiser_name}, from
            batch {slips.batch_number}; the store closed {dateTime(slips.store.closed_at)}.
          </p>
        ) : null}
        {slips?.slips.map((slip, index) => (
          <Slip key={slip.order} slip={slip} store={slips.store} index={index} />
        ))}
      </article>
    </section>
  );
}

import type { WorkOrder as Sheet, WorkOrderDesign, WorkOrderLocation } from '../../lib/admin-schemas/work-order.ts';
import { isOrderStage, STAGE_LABELS } from '../../lib/orders/order-stages.ts';
import { useImageUrl } from '../../lib/browser/use-image-url.ts';
import { getToken } from '../api.ts';
import { dateTime, day } from '../format.ts';
import { orderPath, workOrderIdFromPath } from '../order-link.ts';
import { navigateTo } from '../stores.ts';
import { ScrollRegion } from '../ui/ScrollRegion.tsx';
import { Button } from '../ui/controls.tsx';
import { useAdminRead } from '../use-admin-read.ts';
import './work-order.css';
import { AddressLines } from '../ui/AddressLines.tsx';
import { ReadStatus } from './ReadStatus.tsx';

const stageText = (stage: string | null) => (stage && isOrderStage(stage) ? STAGE_LABELS[stage] : 'Not started');

/** An artwork thumbnail read with the admin's token, large enough to check on paper. */
function ArtworkPreview({ file, location }: { file: { id: string; file_name: string }; location: string }) {
  const url = useImageUrl(`/api/artwork/${file.id}/thumbnail`, { authorization: `Bearer ${getToken() ?? ''}` });
  return url ? (
    <img className="wo-thumb" src={url} alt={`${location} artwork: ${file.file_name}`} width={120} height={120} />
  ) : (
    <span className="wo-thumb" aria-hidden="true" />
  );
}

/** The inks the artwork check counted, as a press operator checks them: a count and swatches. */
function InkCount({ artwork }: { artwork: NonNullable<WorkOrderLocation['artwork']> }) {
  if (artwork.full_color) return <span className="wo-inks">Full colour (photo or gradients)</span>;
  if (!artwork.inks) return null;
  const count = artwork.inks.length;
  return (
    <span className="wo-inks">
      {count} {count === 1 ? 'ink colour' : 'ink colours'} counted
      <span className="wo-swatches" aria-hidden="true">
        {artwork.inks.map((hex) => (
          <span key={hex} className="wo-swatch" style={{ backgroundColor: hex }} title={hex} />
        ))}
      </span>
    </span>
  );
}

/** One design: its print locations with artwork, and its size grid (colours × sizes, with totals). */
function DesignBlock({ design, index }: { design: WorkOrderDesign; index: number }) {
  const titleId = `wo-design-${index}`;
  return (
    <section className="wo-design" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {design.product} <span className="wo-count">{design.total === 1 ? '1 piece' : `${design.total} pieces`}</span>
      </h2>
      {design.specs ? (
        <p className="wo-specs" data-design-specs>
          <strong>Make: </strong>
          {design.specs}
        </p>
      ) : null}
      {design.locations.length > 0 ? (
        <ul className="wo-locations" aria-label={`Print locations of ${design.product}`}>
          {design.locations.map((l) => (
            <li key={l.code}>
              <strong>{l.name}</strong>
              {l.artwork ? (
                <>
                  <ArtworkPreview file={l.artwork} location={l.name} />
                  <span className="wo-file">{l.artwork.file_name}</span>
                  <InkCount artwork={l.artwork} />
                </>
              ) : (
                <span className="wo-file">Artwork to come</span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="wo-plain">No print locations on this line.</p>
      )}
      <ScrollRegion className="wo-grid-wrap" label={`Sizes of ${design.product}`}>
        <table className="wo-grid">
          <caption>Sizes of {design.product}</caption>
          <thead>
            <tr>
              <th scope="col">Colour</th>
              {design.sizes.map((size) => (
                <th scope="col" key={size}>
                  {size}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {design.rows.map((row) => (
              <tr key={row.color}>
                <th scope="row">{row.color}</th>
                {row.counts.map((n, i) => (
                  <td key={design.sizes[i]}>{n === 0 ? '' : n}</td>
                ))}
                <td className="wo-total">{row.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {design.size_totals.map((n, i) => (
                <td key={design.sizes[i]}>{n}</td>
              ))}
              <td className="wo-total">{design.total}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
      {design.personalisation.length > 0 ? <PersonalisationList design={design} index={index} /> : null}
    </section>
  );
}

/** Every name and number to print on a store batch's design, by size, with the bag (order) it goes in. */
function PersonalisationList({ design, index }: { design: WorkOrderDesign; index: number }) {
  return (
    <ScrollRegion className="wo-grid-wrap" label={`Names and numbers on ${design.product}`}>
      <table className="wo-grid wo-names" data-personalisation={index}>
        <caption>Names and numbers on {design.product}</caption>
        <thead>
          <tr>
            <th scope="col">Size</th>
            <th scope="col">Colour</th>
            <th scope="col">Name</th>
            <th scope="col">Number</th>
            <th scope="col">Pieces</th>
            <th scope="col">Order</th>
          </tr>
        </thead>
        <tbody>
          {design.personalisation.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders; two buyers may pick the same name
            <tr key={i}>
              <td>{p.size}</td>
              <td>{p.color}</td>
              <td>{p.name ?? ''}</td>
              <td>{p.number ?? ''}</td>
              <td>{p.quantity}</td>
              <td>{p.order}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * The printable work order of one order (docs/decisions/0028-owner-and-receipts.md), at
 * /admin/orders/<id>/work-order: what the press needs on one sheet, with a Print button; printing
 * leaves out the admin's chrome.
 */
export function WorkOrder() {
  const orderId = workOrderIdFromPath(location.pathname);
  const { data: sheet, error } = useAdminRead<Sheet>(
    orderId ? `orders/${orderId}/work-order` : null,
    'Could not load the work order.',
  );
  const back = orderId ? orderPath(orderId) : '/admin/orders';
  return (
    <section className="adm-screen wo-screen" aria-labelledby="wo-title">
      <div className="adm-screen-head wo-toolbar">
        <a
          href={back}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            navigateTo(back);
          }}
        >
          Back to the order
        </a>
        <Button variant="primary" isDisabled={!sheet} onPress={() => window.print()}>
          Print
        </Button>
      </div>
      <ReadStatus error={error} loaded={sheet !== null} />
      <article className="wo-sheet">
        <header className="wo-head">
          <div>
            <h1 id="wo-title">Work order {sheet?.number ?? ''}</h1>
            {sheet ? (
              <dl className="wo-facts">
                <dt>Customer</dt>
                <dd>
                  {sheet.customer ? `${sheet.customer}, ` : ''}
                  {sheet.email}
                </dd>
                {sheet.ready_by ? (
                  <>
                    <dt>Promised by</dt>
                    <dd>{day(sheet.ready_by)}</dd>
                  </>
                ) : null}
                <dt>In hands by</dt>
                <dd>{sheet.in_hands_date ? day(sheet.in_hands_date) : 'No date given'}</dd>
                <dt>Stage</dt>
                <dd>{stageText(sheet.stage)}</dd>
                <dt>Ordered</dt>
                <dd>{dateTime(sheet.created_at)}</dd>
                <dt>Delivery</dt>
                <dd>
                  {sheet.fulfillment === 'local'
                    ? 'Local pickup'
                    : `Ship${sheet.shipping_speed ? ` (${sheet.shipping_speed})` : ''}`}
                </dd>
                {sheet.ship_to ? (
                  <>
                    <dt>Ship to</dt>
                    <dd>
                      <AddressLines address={sheet.ship_to} />
                    </dd>
                  </>
                ) : null}
                <dt>Pieces</dt>
                <dd>{sheet.pieces}</dd>
              </dl>
            ) : null}
          </div>
          {sheet ? (
            <figure className="wo-qr">
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(sheet.qr_svg)}`}
                alt={`QR code: opens order ${sheet.number} in the admin`}
                width={132}
                height={132}
              />
              <figcaption>Scan to open the order</figcaption>
            </figure>
          ) : null}
        </header>
        {sheet?.designs.map((design, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a sheet's designs never reorder; two may share a name
          <DesignBlock key={index} design={design} index={index} />
        ))}
        {sheet && sheet.job_lines.length > 0 ? (
          <section className="wo-design" aria-labelledby="wo-quoted">
            <h2 id="wo-quoted">Quoted job{sheet.quote ? ` ${sheet.quote.reference}` : ''}</h2>
            <ul className="wo-plain-list">
              {sheet.job_lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder; two may read alike
                <li key={i}>
                  {line.quantity} × {line.name}
                </li>
              ))}
            </ul>
            {sheet.quote ? (
              <dl className="wo-facts">
                <dt>Sizes</dt>
                <dd>{sheet.quote.sizes || 'Not given'}</dd>
                <dt>Colours</dt>
                <dd>{sheet.quote.colors || 'Not given'}</dd>
                <dt>Print locations</dt>
                <dd>{sheet.quote.print_locations || 'Not given'}</dd>
              </dl>
            ) : null}
          </section>
        ) : null}
        {sheet ? (
          <section className="wo-notes" aria-labelledby="wo-notes-title">
            <h2 id="wo-notes-title">Notes</h2>
            {sheet.notes.length === 0 ? (
              <p className="wo-plain">No notes on this order.</p>
            ) : (
              <ul className="wo-plain-list">
                {sheet.notes.map((note) => (
                  <li key={`${note.at}|${note.by}|${note.text}`}>
                    <strong>{note.by}</strong>, {dateTime(note.at)}: {note.text}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </article>
    </section>
  );
}

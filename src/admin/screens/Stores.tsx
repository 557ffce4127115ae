import {
  type AdminStore,
  type AdminStoreSummary,
  storeCreateSchema,
  storeUpdateSchema,
} from '../../lib/admin-schemas/stores.ts';
import { shopDateTimeWords } from '../../lib/site/shop-time.ts';
import { type StoreState, storeState } from '../../lib/stores/store-state.ts';
import { useState } from 'react';
import { ApiError, api, SessionEndedError } from '../api.ts';
import { CrudScreen } from '../CrudScreen.tsx';
import { checkWith } from '../schema-check.ts';
import { notify } from '../stores.ts';
import { emptyStoreForm, type StoreForm, storePayload, storeToForm } from './store-form.ts';
import { StoreFields } from './StoreFields.tsx';
import { ConfirmDialog } from '../ui/Dialog.tsx';

/** Where a store stands, in the owner's words (storeState is the one rule). */
const STATE_WORDS: Record<StoreState, string> = {
  draft: 'Draft',
  awaiting_approval: 'Waiting for the organiser',
  scheduled: 'Approved, opens later',
  open: 'Open',
  closing: 'Closing',
  closed: 'Closed',
};

const stateOf = (s: AdminStoreSummary) => STATE_WORDS[storeState(s)];

/** "Tee: 18 of 24 sold; Hoodie: 3 of 24 sold". */
const progressWords = (s: AdminStoreSummary) =>
  s.progress.map((p) => `${p.name}: ${p.sold} of ${s.minimum_per_design} sold`).join('; ') || 'No designs';

/**
 * A store's own action (send, close): posts it, says what it did, reloads the list; a refusal
 * is shown in the server's words ("Not sent: …").
 */
async function storeAction<T>(
  store: AdminStoreSummary,
  action: string,
  failed: string,
  done: (answer: T) => string,
  reload: () => void,
) {
  try {
    notify(done(await api.post<T>(`admin/stores/${store.id}/${action}`, {})));
    reload();
  } catch (error) {
    if (error instanceof SessionEndedError) return;
    notify(error instanceof ApiError ? `${failed}: ${error.message}` : `${failed}. Please try again.`, 'negative');
  }
}

const send = (store: AdminStoreSummary, reload: () => void) =>
  storeAction(store, 'send', 'Not sent', () => `Sent ${store.name} to ${store.organiser_email} for approval.`, reload);

/** What closing now does, before the owner confirms: the store's own minimum and missed rule. */
function closeWords(s: AdminStoreSummary) {
  const missed =
    s.missed_minimum === 'refund'
      ? `buyers of a design with fewer are refunded and told`
      : 'the designs with fewer are printed anyway';
  return `Close ${s.name} now? Buyers can no longer order, and a store never reopens. Designs with ${s.minimum_per_design} or more pieces sold go to print as one batch in the Orders queue; ${missed}.`;
}

const closeNow = (store: AdminStoreSummary, reload: () => void) =>
  storeAction<{ closed: { buyersPrinted: number; refundsMade: number } }>(
    store,
    'close',
    'Not closed',
    ({ closed }) => {
      const printed = closed.buyersPrinted === 1 ? '1 buyer’s order' : `${closed.buyersPrinted} buyers’ orders`;
      const refunded = closed.refundsMade === 1 ? '1 refund' : `${closed.refundsMade} refunds`;
      return `Closed ${store.name}: ${printed} in the print batch, ${refunded} made.`;
    },
    reload,
  );

/**
 * The Stores tab (docs/decisions/0030-team-stores.md): team and fundraiser pop-up stores, set up
 * and sent to their organiser.
 */
export function Stores() {
  const [closing, setClosing] = useState<{ store: AdminStoreSummary; reload: () => void } | null>(null);
  return (
    <>
      <CrudScreen<AdminStoreSummary, StoreForm, AdminStore>
        config={{
          tab: 'stores',
          title: 'Stores',
          noun: 'store',
          listPath: 'admin/stores',
          writePath: 'admin/stores',
          addLabel: 'Add Store',
          dialogTitle: 'Add or Edit Store',
          fullScreen: true,
          // A closed store's close has happened: nothing of it can change.
          canSave: (f) => f.status !== 'closed',
          columns: [
            { id: 'name', name: 'Name', render: (s) => s.name },
            { id: 'state', name: 'State', render: stateOf },
            { id: 'opens', name: 'Opens', render: (s) => shopDateTimeWords(s.opens_at) },
            { id: 'closes', name: 'Closes', render: (s) => shopDateTimeWords(s.closes_at) },
            { id: 'sold', name: 'Sold / minimum', render: progressWords },
          ],
          rowName: (s) => s.name,
          // A store is never deleted: its buyers' orders name it.
          canDelete: () => false,
          rowActions: (reload) => [
            {
              label: 'Send to the organiser',
              onAction: (s) => void send(s, reload),
              isAvailable: (s) => s.status === 'draft' || s.status === 'proof_sent',
            },
            {
              label: 'Close now',
              onAction: (s) => setClosing({ store: s, reload }),
              variant: 'danger',
              isAvailable: (s) => ['open', 'closing'].includes(storeState(s)),
            },
          ],
          loadOne: (s) => api.get<AdminStore>(`admin/stores/${s.id}`),
          emptyForm: emptyStoreForm,
          toForm: storeToForm,
          toPayload: storePayload,
          check: checkWith(storeCreateSchema, storeUpdateSchema),
          Form: StoreFields,
        }}
      />
      <ConfirmDialog
        isOpen={closing !== null}
        title="Close the store now?"
        message={closing ? closeWords(closing.store) : ''}
        confirmLabel="Close the store"
        onConfirm={() => {
          if (closing) void closeNow(closing.store, closing.reload);
          setClosing(null);
        }}
        onCancel={() => setClosing(null)}
      />
    </>
  );
}

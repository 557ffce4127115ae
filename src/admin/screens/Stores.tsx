import {
  type AdminStore,
  type AdminStoreSummary,
  storeCreateSchema,
  storeUpdateSchema,
} from '../../lib/admin-schemas/stores.ts';
import { shopDateTimeWords } from '../../lib/shop-time.ts';
import { type StoreState, storeState } from '../../lib/store-state.ts';
import { ApiError, api, SessionEndedError } from '../api.ts';
import { CrudScreen } from '../CrudScreen.tsx';
import { checkWith } from '../schema-check.ts';
import { notify } from '../stores.ts';
import { emptyStoreForm, type StoreForm, storePayload, storeToForm } from './store-form.ts';
import { StoreFields } from './StoreFields.tsx';

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

async function send(store: AdminStoreSummary, reload: () => void) {
  try {
    await api.post(`admin/stores/${store.id}/send`, {});
    notify(`Sent ${store.name} to ${store.organiser_email} for approval.`);
    reload();
  } catch (error) {
    if (error instanceof SessionEndedError) return;
    notify(error instanceof ApiError ? `Not sent: ${error.message}` : 'Not sent. Please try again.', 'negative');
  }
}

/** The Stores tab (issue #30): team and fundraiser pop-up stores, set up and sent to their organiser. */
export function Stores() {
  return (
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
        ],
        loadOne: (s) => api.get<AdminStore>(`admin/stores/${s.id}`),
        emptyForm: emptyStoreForm,
        toForm: storeToForm,
        toPayload: storePayload,
        check: checkWith(storeCreateSchema, storeUpdateSchema),
        Form: StoreFields,
      }}
    />
  );
}

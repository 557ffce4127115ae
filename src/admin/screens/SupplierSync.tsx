import { useEffect, useState } from 'react';
import type { AdminSupplier, AdminSupplierSync } from '../../lib/admin-schemas/supplier-styles.ts';
import { api, SessionEndedError } from '../api.ts';
import { dateTime } from '../format.ts';
import { Button } from '../ui/controls.tsx';
import { AddFromSupplier } from './AddFromSupplier.tsx';

/** A supplier's latest sync in words, its time on the shop's clock. */
export function syncWords(label: string, sync: AdminSupplierSync | null): string {
  if (!sync) return `${label}: not synced yet`;
  const when = dateTime(sync.at);
  switch (sync.status) {
    case 'requested':
      return `${label}: sync asked ${when}, it starts within a few minutes`;
    case 'running':
      return `${label}: syncing since ${when}`;
    case 'done':
      return `${label}: stock and costs synced ${when} (${sync.skusSynced} SKUs${sync.skusDiscontinued ? `, ${sync.skusDiscontinued} discontinued` : ''})`;
    default:
      return `${label}: the sync of ${when} stopped. ${sync.message ?? ''}`.trim();
  }
}

/**
 * The products screen's supplier actions (issue 47): each supplier's last sync with its time,
 * Sync now, and Add from Supplier.
 */
export function SupplierActions({ reload }: { reload: () => void }) {
  const [suppliers, setSuppliers] = useState<AdminSupplier[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Bumped after Sync now, to read the suppliers' latest syncs again.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    void version;
    api
      .get<{ suppliers: AdminSupplier[] }>('admin/supplier-styles')
      .then((answer) => setSuppliers(answer.suppliers))
      .catch((e: unknown) => {
        if (!(e instanceof SessionEndedError)) setError('The suppliers could not be loaded.');
      });
  }, [version]);

  const syncNow = async (supplier: AdminSupplier) => {
    setError(null);
    try {
      await api.post('admin/supplier-sync', { supplier: supplier.id });
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setError(e instanceof Error ? e.message : 'That did not work.');
    }
    setVersion((v) => v + 1);
  };

  return (
    <>
      <ul className="adm-supplier-syncs" aria-label="Supplier stock">
        {suppliers.map((s) => (
          <li key={s.id}>
            <span>{syncWords(s.label, s.lastSync)}</span>{' '}
            <Button variant="quiet" onPress={() => void syncNow(s)}>
              {`Sync ${s.label} Now`}
            </Button>
          </li>
        ))}
        {error ? (
          <li className="adm-error" role="alert">
            {error}
          </li>
        ) : null}
      </ul>
      <AddFromSupplier reload={reload} />
    </>
  );
}

import { useEffect, useState } from 'react';
import { AdminDialog } from './ui/Dialog.tsx';
import { Button } from './ui/controls.tsx';

/**
 * One way every long form (product, price list, store, …) asks before throwing away what was typed:
 * Escape, Cancel or a click outside asks "Discard changes?" while the form differs from what it
 * opened with, and leaving or reloading the page asks the browser's own question.
 */

/** The form as it opened, to compare with (JSON: forms are plain data). */
export const snapshotOf = (form: unknown): string => JSON.stringify(form ?? null);

/** Whether the form differs from the snapshot it opened with (no snapshot: a restored draft, so yes). */
export const isDirty = (snapshot: string | null, form: unknown): boolean =>
  form !== null && form !== undefined && snapshot !== snapshotOf(form);

/** The guard of one open form: `close` asks first when dirty; `dialog` is the question to render. */
export function useDiscardGuard(dirty: boolean) {
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const stay = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', stay);
    return () => window.removeEventListener('beforeunload', stay);
  }, [dirty]);

  const close = (discard: () => void) => {
    if (dirty) setPending(() => discard);
    else discard();
  };

  const dialog = (
    <AdminDialog title="Discard changes?" isOpen={pending !== null} onClose={() => setPending(null)} role="alertdialog">
      <p>What you typed in this form is not saved yet.</p>
      <div className="adm-dialog-actions">
        <Button onPress={() => setPending(null)} autoFocus>
          Keep editing
        </Button>
        <Button
          variant="danger"
          onPress={() => {
            const discard = pending;
            setPending(null);
            discard?.();
          }}
        >
          Discard
        </Button>
      </div>
    </AdminDialog>
  );

  return { close, dialog };
}

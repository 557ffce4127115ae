import type { FormEvent, ReactNode, Ref } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './controls.tsx';

/** A modal dialog; `fullScreen` for the large entity forms (products, services, …). */
export function AdminDialog({
  title,
  isOpen,
  onClose,
  fullScreen,
  children,
  role = 'dialog',
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  fullScreen?: boolean;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
}) {
  return (
    <ModalOverlay
      className="adm-overlay"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable={role === 'dialog'}
    >
      <Modal className={fullScreen ? 'adm-modal adm-modal--full' : 'adm-modal'}>
        <Dialog className="adm-dialog" role={role}>
          <Heading slot="title" className="adm-dialog-title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** A dialog holding a form with Save and Cancel. */
export function FormDialog({
  title,
  isOpen,
  onClose,
  onSave,
  isSaving,
  fullScreen,
  canSave = true,
  formRef,
  children,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  onSave: () => void;
  isSaving: boolean;
  fullScreen?: boolean;
  /** False: the record only reads (nothing of it can change), so there is no Save and Cancel says Close. */
  canSave?: boolean;
  /** The form element, for moving the focus to a field the save was refused for. */
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) onSave();
  };
  return (
    <AdminDialog title={title} isOpen={isOpen} onClose={onClose} fullScreen={fullScreen ?? false}>
      <form className="adm-form" onSubmit={submit} noValidate ref={formRef}>
        <div className="adm-form-fields">{children}</div>
        <div className="adm-dialog-actions">
          <Button onPress={onClose}>{canSave ? 'Cancel' : 'Close'}</Button>
          {canSave ? (
            <Button type="submit" variant="primary" isDisabled={isSaving}>
              {isSaving ? 'Saving…' : 'Save'}
            </Button>
          ) : null}
        </div>
      </form>
    </AdminDialog>
  );
}

export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  isOpen: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AdminDialog title={title} isOpen={isOpen} onClose={onCancel} role="alertdialog">
      <p>{message}</p>
      <div className="adm-dialog-actions">
        <Button onPress={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onPress={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </AdminDialog>
  );
}

import type { ComponentType } from 'react';
import type { Query } from './api.ts';
import type { FieldErrors } from './schema-check.ts';
import type { TabId } from './stores.ts';
import type { RowAction, TableColumn } from './ui/DataTable.tsx';

/** What a CrudScreen is given: the entity's list, its form and its save, by configuration. */

/** The form of a dialog: the entity's fields as edited; an id means edit, none means create. */
export type FormValue = Record<string, unknown> & { id?: string | undefined };

export interface FormProps<F extends FormValue> {
  value: F;
  onChange: (patch: Partial<F>) => void;
  /** Field messages of the last refused save (the server's, or the same rules run before sending). */
  errors: Record<string, string>;
}

/** The filters of a paged list: the query they send, and a change to it (which goes back to page 1). */
export interface FilterProps {
  query: Query;
  onChange: (patch: Query) => void;
}

/** The named keys of a form (not FormValue's index signature) whose values are text or unset. */
type TextKey<F> = keyof {
  [K in keyof F as string extends K ? never : F[K] extends string | null | undefined ? K : never]: F[K];
} &
  string;

/**
 * Binds a text field to one key of a form: its value, the change that sets it and the server's
 * message for it. `<TextField label="Name" {...text('name')} />`.
 */
export function textFields<F extends FormValue>({ value, onChange, errors }: FormProps<F>) {
  return (key: TextKey<F>) => ({
    value: value[key] as string | null | undefined,
    onChange: (next: string) => onChange({ [key]: next } as Partial<F>),
    errorMessage: errors[key],
  });
}

export interface CrudConfig<Row extends { id: string }, F extends FormValue, Full extends { id: string } = Row> {
  tab: TabId;
  title: string;
  /** Singular, for labels like 'Edit Red'. */
  noun: string;
  listPath: string;
  writePath: string;
  addLabel: string;
  dialogTitle: string;
  fullScreen?: boolean;
  /** Whether the open record can be saved at all (a closed store cannot): without it the dialog only reads. */
  canSave?: (form: F) => boolean;
  canClone?: boolean;
  /** Fields a clone leaves empty besides the id (e.g. a Stripe Buy Button that sells the original). */
  cloneDrops?: string[];
  /** Unique fields a clone gets a free '-copy' value of (slug, SKU), so its first Save succeeds. */
  cloneUnique?: { key: string; maxLength?: number }[];
  /**
   * The records a clone's unique values must differ from, when the list holds only some of them
   * (a paged list); by default the rows on screen.
   */
  cloneTaken?: (row: Row) => Promise<readonly object[]>;
  columns: TableColumn<Row>[];
  rowName: (row: Row) => string;
  emptyForm: () => F;
  toForm: (row: Full) => F;
  /** Builds the request body: numbers coerced, read-only fields dropped. */
  toPayload: (form: F) => Record<string, unknown>;
  /**
   * The save's rules checked before sending (the server's own schema, see schema-check.ts): its
   * messages show at their fields at once. The server still decides what only it knows.
   */
  check?: (payload: Record<string, unknown>, isNew: boolean) => FieldErrors | null;
  /** A save the owner may not mean (a product published sold out) asks first: what to ask, or null. */
  confirmSave?: (payload: Record<string, unknown>) => SaveQuestion | null;
  Form: ComponentType<FormProps<F>>;
  /** A new record's slug is made from its name as the owner types, until the owner edits the slug. */
  slugFromName?: boolean;
  /** Rows that may not be deleted get no Delete (the server refuses them too). */
  canDelete?: (row: Row) => boolean;
  /** The public pages show this entity: a save or delete starts "Publishing…" in the header. */
  publishes?: boolean;
  /** Edit loads the full record first when the list rows are summaries. */
  loadOne?: (row: Row) => Promise<Full>;
  /**
   * The server filters and pages the list: `listPath` answers { rows, total } for the query the
   * `Filters` set plus `limit` and `offset`.
   */
  paging?: { pageSize: number; plural: string; Filters: ComponentType<FilterProps> };
  /** Row actions of the entity's own (a store's Send to the organiser), given the list's reload. */
  rowActions?: (reload: () => void) => RowAction<Row>[];
  /** More buttons beside Add in the screen's head (Add from Supplier), given the list's reload. */
  HeadActions?: ComponentType<{ reload: () => void }>;
}

export interface SaveQuestion {
  title: string;
  message: string;
  confirmLabel: string;
}

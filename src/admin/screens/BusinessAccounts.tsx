import {
  type AdminBusinessAccount,
  businessAccountCreateSchema,
  businessAccountUpdateSchema,
} from '../../lib/admin-schemas/business-accounts.ts';
import {
  BUSINESS_TERMS,
  BUSINESS_TERMS_LABELS,
  type BusinessTerms,
  taxExemptionWords,
} from '../../lib/orders/business-accounts.ts';
import { formatUsd } from '../../lib/money.ts';
import { CrudScreen, type FormProps, textFields } from '../CrudScreen.tsx';
import { checkWith } from '../schema-check.ts';
import { Select, Switch, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';
import { BusinessCertificate } from './BusinessCertificate.tsx';

type MatchKind = 'domain' | 'email';

interface AccountForm extends Record<string, unknown> {
  id?: string;
  name: string;
  match_kind: MatchKind;
  /** As typed; the one match_kind names is sent (the server folds case and checks the shape). */
  domain: string;
  email: string;
  terms: BusinessTerms;
  credit_limit_cents: number | null;
  tax_exempt: boolean;
  orders_shared: boolean;
  /** The certificate's upload (artwork id), put on file by BusinessCertificate, not by Save. */
  certificate_id: string | null;
  notes: string;
  active: boolean;
}

const MATCH_OPTIONS = [
  { id: 'domain', label: 'Every address at a domain' },
  { id: 'email', label: 'One e-mail address' },
];
const TERMS_OPTIONS = BUSINESS_TERMS.map((id) => ({ id, label: BUSINESS_TERMS_LABELS[id] }));
const isTerms = (id: string | null): id is BusinessTerms => BUSINESS_TERMS.some((t) => t === id);

/** "Every address at ector.k12.tx.us" or the one address. */
const matchWords = (a: AdminBusinessAccount) => (a.domain ? `Every address at ${a.domain}` : (a.email ?? ''));

function AccountFields(props: FormProps<AccountForm>) {
  const { value, onChange, errors } = props;
  const text = textFields<AccountForm>(props);
  const byDomain = value.match_kind === 'domain';
  return (
    <>
      <TextField label="Name" {...text('name')} autoFocus description="The school, team or company." />
      <Select
        label="Matches"
        options={MATCH_OPTIONS}
        value={value.match_kind}
        onChange={(kind) => {
          if (kind === 'domain' || kind === 'email') onChange({ match_kind: kind });
        }}
      />
      {byDomain ? (
        <TextField
          label="Domain"
          {...text('domain')}
          description="The part after the @, e.g. ector.k12.tx.us. Its sub-domains are not included."
        />
      ) : (
        <TextField label="E-mail address" {...text('email')} description="Exactly this address." />
      )}
      <Select
        label="Payment terms"
        options={TERMS_OPTIONS}
        value={value.terms}
        onChange={(terms) => {
          if (isTerms(terms)) onChange({ terms });
        }}
        errorMessage={errors['terms']}
      />
      <MoneyField
        label="Credit limit"
        cents={value.credit_limit_cents}
        onChange={(credit_limit_cents) => onChange({ credit_limit_cents })}
        description="The most this account may owe on open invoices."
        errorMessage={errors['credit_limit_cents']}
      />
      <Switch isSelected={value.orders_shared} onChange={(orders_shared) => onChange({ orders_shared })}>
        Everyone on this account sees all its orders in My orders
      </Switch>
      <Switch isSelected={value.tax_exempt} onChange={(tax_exempt) => onChange({ tax_exempt })}>
        Tax exempt
      </Switch>
      {value.tax_exempt ? (
        <>
          <p className="adm-hint">
            {value.certificate_id
              ? 'The exemption certificate is on file.'
              : 'No resale or exemption certificate is on file yet: ask the customer for one.'}
          </p>
          <BusinessCertificate
            accountId={value.id}
            certificateId={value.certificate_id}
            onAttached={(certificate_id) => onChange({ certificate_id })}
          />
        </>
      ) : null}
      <TextField label="Notes" {...text('notes')} multiline rows={3} />
      <Switch isSelected={value.active} onChange={(active) => onChange({ active })}>
        Active
      </Switch>
    </>
  );
}

export function BusinessAccounts() {
  return (
    <CrudScreen<AdminBusinessAccount, AccountForm>
      config={{
        tab: 'business-accounts',
        title: 'Business accounts',
        noun: 'business account',
        listPath: 'admin/business-accounts',
        writePath: 'admin/business-accounts',
        addLabel: 'Add Account',
        dialogTitle: 'Add or Edit Business Account',
        columns: [
          { id: 'name', name: 'Name', render: (a) => a.name },
          { id: 'matches', name: 'Matches', render: matchWords },
          { id: 'terms', name: 'Terms', render: (a) => BUSINESS_TERMS_LABELS[a.terms] },
          { id: 'limit', name: 'Credit limit', render: (a) => formatUsd(a.credit_limit_cents) },
          {
            id: 'tax',
            name: 'Tax',
            render: (a) =>
              taxExemptionWords({
                tax_exempt: a.tax_exempt,
                has_certificate: a.exemption_certificate_artwork_id !== null,
              }),
          },
          { id: 'active', name: 'Active', render: (a) => (a.active ? 'Yes' : 'No') },
        ],
        rowName: (a) => a.name,
        // Accounts are deactivated (Active off), never deleted: invoices will name them.
        canDelete: () => false,
        emptyForm: () => ({
          name: '',
          match_kind: 'domain',
          domain: '',
          email: '',
          terms: 'due_on_receipt',
          credit_limit_cents: null,
          tax_exempt: false,
          orders_shared: false,
          certificate_id: null,
          notes: '',
          active: true,
        }),
        toForm: (a) => ({
          id: a.id,
          name: a.name,
          match_kind: a.domain ? 'domain' : 'email',
          domain: a.domain ?? '',
          email: a.email ?? '',
          terms: a.terms,
          credit_limit_cents: a.credit_limit_cents,
          tax_exempt: a.tax_exempt,
          orders_shared: a.orders_shared,
          certificate_id: a.exemption_certificate_artwork_id,
          notes: a.notes ?? '',
          active: a.active,
        }),
        toPayload: (f) => ({
          name: f.name,
          ...(f.match_kind === 'domain' ? { domain: f.domain } : { email: f.email }),
          terms: f.terms,
          // An empty limit is $0.00: no credit until the owner sets one.
          credit_limit_cents: f.credit_limit_cents ?? 0,
          tax_exempt: f.tax_exempt,
          orders_shared: f.orders_shared,
          notes: f.notes,
          active: f.active,
        }),
        check: checkWith(businessAccountCreateSchema, businessAccountUpdateSchema),
        Form: AccountFields,
      }}
    />
  );
}

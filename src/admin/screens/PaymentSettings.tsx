import { type AdminPaymentSettings, paymentSettingsSchema } from '../../lib/admin-schemas/payment-settings.ts';
import { Button, NumberField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';
import { useSettingsForm } from '../use-settings-form.ts';

interface SettingsForm {
  default_deposit_percent: number | null;
  bank_transfer_min_cents: number | null;
}

const formOf = (s: AdminPaymentSettings): SettingsForm => ({
  default_deposit_percent: s.default_deposit_percent,
  bank_transfer_min_cents: s.bank_transfer_min_cents,
});

/**
 * The shop's payment settings (docs/decisions/0029-deposits.md): the deposit share a new quote starts at, and the
 * amount from which a payment request's Stripe page also offers bank transfer (typed in
 * dollars; empty never offers it). The server checks both again; a refusal shows at its field.
 */
export function PaymentSettings() {
  const { form, loadError, saving, errors, formRef, change, save } = useSettingsForm({
    path: 'admin/payment-settings',
    formOf,
    schema: paymentSettingsSchema,
    what: 'the payment settings',
    saved: 'Payment settings saved',
  });

  return (
    <section className="adm-screen" aria-labelledby="payments-title">
      <div className="adm-screen-head">
        <h1 id="payments-title">Payments</h1>
      </div>
      {loadError ? (
        <p className="adm-error" role="alert">
          {loadError}
        </p>
      ) : null}
      {form ? (
        <form className="adm-form adm-settings" onSubmit={(e) => void save(e)} noValidate ref={formRef}>
          <div className="adm-form-fields">
            <NumberField
              label="Deposit on a new quote (%)"
              description="Where a new quote's Deposit on Accept starts; 100 takes the whole quote. Each quote can still change it."
              value={form.default_deposit_percent}
              onChange={(default_deposit_percent) => change({ default_deposit_percent })}
              errorMessage={errors['default_deposit_percent']}
            />
            <MoneyField
              label="Offer bank transfer from"
              cents={form.bank_transfer_min_cents}
              onChange={(bank_transfer_min_cents) => change({ bank_transfer_min_cents })}
              description="A payment request or invoice of at least this amount can also be paid by bank transfer (ACH) on Stripe's page; it settles in a few business days. Leave empty to take cards only."
              errorMessage={errors['bank_transfer_min_cents']}
            />
          </div>
          <div className="adm-dialog-actions">
            <Button type="submit" variant="primary" isDisabled={saving}>
              {saving ? 'Saving…' : 'Save payment settings'}
            </Button>
          </div>
        </form>
      ) : loadError ? null : (
        <p className="adm-loading">Loading…</p>
      )}
    </section>
  );
}

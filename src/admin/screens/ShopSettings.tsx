import { type AdminShopSettings, shopSettingsSchema } from '../../lib/admin-schemas/shop-settings.ts';
import { watchPublishing } from '../publish.ts';
import { Button, TextField } from '../ui/controls.tsx';
import { useSettingsForm } from '../use-settings-form.ts';
import { ShopSocialLinks } from './ShopSocialLinks.tsx';

type SettingsForm = Omit<AdminShopSettings, 'updated_at' | 'logo_url'> & { logo_url: string };

const formOf = ({ updated_at: _, logo_url, ...s }: AdminShopSettings): SettingsForm => ({
  ...s,
  logo_url: logo_url ?? '',
});

type TextKey = Exclude<keyof SettingsForm, 'social'>;
const FIELDS: { key: TextKey; label: string; type?: 'email'; description?: string }[] = [
  { key: 'name', label: 'Shop name' },
  { key: 'tagline', label: 'Tagline', description: 'Under the logo in every footer.' },
  { key: 'phone', label: 'Phone', description: 'With the area code, e.g. +1-432-555-0142.' },
  { key: 'email', label: 'E-mail', type: 'email', description: 'The address customers write to.' },
  { key: 'hours', label: 'Opening hours', description: 'In words, e.g. Mon-Fri 9am-5pm.' },
  { key: 'street_address', label: 'Street address' },
  { key: 'address_locality', label: 'City' },
  { key: 'address_region', label: 'State' },
  { key: 'postal_code', label: 'ZIP code' },
  { key: 'address_country', label: 'Country code', description: 'Two letters, e.g. US.' },
  {
    key: 'logo_url',
    label: 'Logo address',
    description: 'An https address of the picture, or a path under /images/. Leave empty for the shop’s own logo.',
  },
];

/**
 * The shop's own details (issue 44): what the footer, the contact page, JSON-LD and every e-mail
 * say. A save republishes the site (the header then says "Publishing…") and the next e-mail
 * already uses it. The server checks everything again; a refusal shows at its field.
 */
export function ShopSettings() {
  const { form, loadError, saving, errors, formRef, change, save } = useSettingsForm({
    path: 'admin/shop-settings',
    formOf,
    schema: shopSettingsSchema,
    what: 'the shop settings',
    saved: 'Shop settings saved. The site is being republished.',
    afterSave: watchPublishing,
  });

  return (
    <section className="adm-screen" aria-labelledby="shop-settings-title">
      <div className="adm-screen-head">
        <h1 id="shop-settings-title">Shop settings</h1>
      </div>
      {loadError ? (
        <p className="adm-error" role="alert">
          {loadError}
        </p>
      ) : null}
      {form ? (
        <form className="adm-form adm-settings" onSubmit={(e) => void save(e)} noValidate ref={formRef}>
          <div className="adm-form-fields">
            {FIELDS.map(({ key, label, type, description }) => (
              <TextField
                key={key}
                label={label}
                {...(type ? { type } : {})}
                {...(description ? { description } : {})}
                value={form[key]}
                onChange={(value) => change({ [key]: value })}
                errorMessage={errors[key]}
              />
            ))}
            <ShopSocialLinks links={form.social} onChange={(social) => change({ social })} errors={errors} />
          </div>
          <div className="adm-dialog-actions">
            <Button type="submit" variant="primary" isDisabled={saving}>
              {saving ? 'Saving…' : 'Save shop settings'}
            </Button>
          </div>
        </form>
      ) : loadError ? null : (
        <p className="adm-loading">Loading…</p>
      )}
    </section>
  );
}

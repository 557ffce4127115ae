import {
  type AdminService,
  SERVICE_CATEGORIES,
  serviceCreateSchema,
  serviceUpdateSchema,
} from '../../lib/admin-schemas/services.ts';
import { CrudScreen, type FormProps, textFields, type FormValue } from '../CrudScreen.tsx';
import { parseJsonObject, str, toNumberOrNull, usd } from '../format.ts';
import { checkWith } from '../schema-check.ts';
import { NumberField, Select, Switch, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';
import { FormImage, imagePayload } from '../ui/ImagePicker.tsx';
import { RichEditor } from '../ui/LazyRichEditor.tsx';
import { Thumb } from '../ui/Thumb.tsx';

type ServiceForm = FormValue &
  Partial<Omit<AdminService, 'id' | 'metadata' | 'base_price_cents'>> & {
    metadataText: string;
    /** null while the price field is empty. */
    base_price_cents?: number | null;
  };

const CATEGORY_OPTIONS = SERVICE_CATEGORIES.map((c) => ({ id: c, label: c }));

function ServiceFields({ value, onChange, errors }: FormProps<ServiceForm>) {
  const text = textFields<ServiceForm>({ value, onChange, errors });
  return (
    <>
      <TextField label="Name" {...text('name')} autoFocus />
      <TextField label="Slug" {...text('slug')} />
      <TextField label="Tagline" {...text('tagline')} />
      <Select
        label="Category"
        options={CATEGORY_OPTIONS}
        value={value.category_id ?? null}
        onChange={(category_id) => {
          if (category_id) onChange({ category_id: category_id as AdminService['category_id'] });
        }}
        placeholder="Choose a category"
        errorMessage={errors['category_id']}
      />
      <MoneyField
        label="Price"
        cents={value.base_price_cents}
        onChange={(base_price_cents) => onChange({ base_price_cents })}
        errorMessage={errors['base_price_cents']}
      />
      <NumberField
        label="Duration (minutes)"
        value={value.duration_minutes ?? null}
        onChange={(duration_minutes) => onChange({ duration_minutes })}
        errorMessage={errors['duration_minutes']}
      />
      <Switch isSelected={value.is_active ?? true} onChange={(is_active) => onChange({ is_active })}>
        Active
      </Switch>
      <TextField className="adm-wide" label="Short Description" {...text('short_description')} />
      <TextField className="adm-wide" label="Description" multiline {...text('description')} />
      <div className="adm-wide">
        <RichEditor
          label="HTML Description"
          value={str(value.description_html)}
          onChange={(description_html) => onChange({ description_html })}
        />
      </div>
      <TextField
        className="adm-wide"
        label="Metadata"
        multiline
        rows={6}
        value={value.metadataText}
        onChange={(metadataText) => onChange({ metadataText })}
        description="A JSON object; text that is not valid JSON is saved as {}."
        errorMessage={errors['metadata']}
      />
      <FormImage prefix="Main" label="Main Image" value={value} onChange={onChange} errors={errors} />
      <FormImage prefix="Secondary" label="Secondary Image" value={value} onChange={onChange} errors={errors} />
    </>
  );
}

export function Services() {
  return (
    <CrudScreen<AdminService, ServiceForm>
      config={{
        tab: 'services',
        publishes: true,
        title: 'Services',
        noun: 'service',
        listPath: 'admin/services',
        writePath: 'services',
        addLabel: 'Add Service',
        dialogTitle: 'Add or Edit Service',
        fullScreen: true,
        canClone: true,
        cloneUnique: [{ key: 'slug' }],
        slugFromName: true,
        columns: [
          { id: 'image', name: 'Image', render: (s) => <Thumb url={s.image_main_url} /> },
          { id: 'name', name: 'Name', render: (s) => s.name, rowHeader: true },
          { id: 'slug', name: 'Slug', render: (s) => s.slug },
          { id: 'price', name: 'Price (USD)', render: (s) => usd(s.base_price_cents) },
        ],
        rowName: (s) => s.name,
        emptyForm: () => ({ name: '', slug: '', base_price_cents: 0, is_active: true, metadataText: '{}' }),
        toForm: ({ metadata, ...s }) => ({ ...s, metadataText: JSON.stringify(metadata ?? {}, null, 2) }),
        toPayload: (f) => ({
          name: f.name,
          slug: f.slug,
          tagline: f.tagline ?? null,
          ...(f.category_id ? { category_id: f.category_id } : {}),
          short_description: f.short_description ?? null,
          base_price_cents: toNumberOrNull(f.base_price_cents) ?? 0,
          duration_minutes: toNumberOrNull(f.duration_minutes),
          description: f.description ?? null,
          description_html: f.description_html ?? null,
          metadata: parseJsonObject(f.metadataText),
          is_active: f.is_active ?? true,
          ...imagePayload('Main', f),
          ...imagePayload('Secondary', f),
        }),
        check: checkWith(serviceCreateSchema, serviceUpdateSchema),
        Form: ServiceFields,
      }}
    />
  );
}

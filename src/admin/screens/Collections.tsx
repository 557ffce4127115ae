import {
  type AdminCollection,
  collectionCreateSchema,
  collectionUpdateSchema,
} from '../../lib/admin-schemas/collections.ts';
import { CrudScreen, type FormProps, textFields, type FormValue } from '../CrudScreen.tsx';
import { str } from '../format.ts';
import { checkWith } from '../schema-check.ts';
import { Switch, TextField } from '../ui/controls.tsx';
import { DateField } from '../ui/DateField.tsx';
import { FormImage, imagePayload } from '../ui/ImagePicker.tsx';
import { RichEditor } from '../ui/LazyRichEditor.tsx';
import { Thumb } from '../ui/Thumb.tsx';

type CollectionForm = FormValue & Partial<Omit<AdminCollection, 'id'>>;

function CollectionFields({ value, onChange, errors }: FormProps<CollectionForm>) {
  const text = textFields<CollectionForm>({ value, onChange, errors });
  return (
    <>
      <TextField label="Name" {...text('name')} autoFocus />
      <TextField label="Slug" {...text('slug')} />
      <DateField
        label="Start Date"
        readOnly
        value={str(value.start_date)}
        onChange={(start_date) => onChange({ start_date })}
        errorMessage={errors['start_date']}
      />
      <DateField
        label="End Date"
        readOnly
        value={str(value.end_date)}
        onChange={(end_date) => onChange({ end_date })}
        errorMessage={errors['end_date']}
      />
      <Switch isSelected={value.is_active ?? true} onChange={(is_active) => onChange({ is_active })}>
        Active
      </Switch>
      <Switch isSelected={value.is_featured ?? false} onChange={(is_featured) => onChange({ is_featured })}>
        Featured
      </Switch>
      <TextField className="adm-wide" label="Description" multiline {...text('description')} />
      <div className="adm-wide">
        <RichEditor
          label="HTML Description"
          value={str(value.html_description)}
          onChange={(html_description) => onChange({ html_description })}
        />
      </div>
      <TextField className="adm-wide" label="Extended Description" multiline {...text('description_extended')} />
      <FormImage prefix="Header" label="Header" value={value} onChange={onChange} errors={errors} />
      <FormImage prefix="Main" label="Main Image" value={value} onChange={onChange} errors={errors} />
      <FormImage prefix="Secondary" label="Secondary Image" value={value} onChange={onChange} errors={errors} />
    </>
  );
}

export function Collections() {
  return (
    <CrudScreen<AdminCollection, CollectionForm>
      config={{
        tab: 'collections',
        publishes: true,
        title: 'Collections',
        noun: 'collection',
        listPath: 'admin/collections',
        writePath: 'collections',
        addLabel: 'Add Collection',
        dialogTitle: 'Add or Edit Collection',
        fullScreen: true,
        canClone: true,
        cloneUnique: [{ key: 'slug' }],
        slugFromName: true,
        columns: [
          { id: 'image', name: 'Image', render: (c) => <Thumb url={c.image_main_url} /> },
          { id: 'name', name: 'Name', render: (c) => c.name, rowHeader: true },
          { id: 'slug', name: 'Slug', render: (c) => c.slug },
        ],
        rowName: (c) => c.name,
        emptyForm: () => ({ name: '', slug: '', is_active: true, is_featured: false }),
        toForm: (c) => ({ ...c }),
        toPayload: (f) => ({
          name: f.name,
          slug: f.slug,
          description: f.description ?? null,
          is_featured: f.is_featured ?? false,
          start_date: f.start_date || null,
          end_date: f.end_date || null,
          is_active: f.is_active ?? true,
          html_description: f.html_description ?? null,
          description_extended: f.description_extended ?? null,
          ...imagePayload('Main', f),
          ...imagePayload('Secondary', f),
          ...imagePayload('Header', f),
        }),
        check: checkWith(collectionCreateSchema, collectionUpdateSchema),
        Form: CollectionFields,
      }}
    />
  );
}

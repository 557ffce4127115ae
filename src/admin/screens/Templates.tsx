import { type AdminTemplate, templateCreateSchema, templateUpdateSchema } from '../../lib/admin-schemas/templates.ts';
import { isSystemTemplate, templateTitle } from '../../lib/site/system-templates.ts';
import { templatePurpose } from '../../lib/site/template-purposes.ts';
import { CrudScreen, type FormProps, textFields, type FormValue } from '../CrudScreen.tsx';
import { checkWith } from '../schema-check.ts';
import { Chips } from '../ui/Chips.tsx';
import { TextField } from '../ui/controls.tsx';
import { TemplateBody } from './TemplateBody.tsx';
import { TemplateSamplePreview } from './TemplateSamplePreview.tsx';
import { TemplateVersions } from './TemplateVersions.tsx';

interface TemplateForm extends FormValue {
  name: string;
  /** The name it was saved under: one the shop sends by keeps it. */
  savedName?: string;
  subject: string;
  txt: string;
  html: string;
  bindings: string[];
}

function TemplateFields({ value, onChange, errors }: FormProps<TemplateForm>) {
  const text = textFields<TemplateForm>({ value, onChange, errors });
  const system = value.savedName !== undefined && isSystemTemplate(value.savedName);
  return (
    <>
      {system ? (
        <TextField
          className="adm-field--locked"
          label="Name"
          value={value.name}
          isReadOnly
          description={`${templateTitle(value.name)}: the shop sends this e-mail by this name, so it stays.`}
          errorMessage={errors['name']}
        />
      ) : (
        <TextField label="Name" {...text('name')} autoFocus />
      )}
      <TextField label="Subject" {...text('subject')} />
      <TextField className="adm-wide" label="Text Body" multiline rows={6} {...text('txt')} />
      <TemplateBody html={value.html} onChange={(html) => onChange({ html })} errorMessage={errors['html']} />
      <div className="adm-wide">
        <Chips
          label="Bindings"
          values={value.bindings}
          onChange={(bindings) => onChange({ bindings })}
          errorMessage={errors['bindings']}
        />
      </div>
      <div className="adm-wide">
        <h3 id="template-preview">Preview</h3>
        {/* sandbox="" runs no script and gives the HTML no access to the admin page. */}
        <iframe className="adm-preview-frame" title="HTML preview" sandbox="" srcDoc={value.html} />
      </div>
      <TemplateSamplePreview draft={{ name: value.name, subject: value.subject, txt: value.txt, html: value.html }} />
      {value.id ? (
        <TemplateVersions
          templateId={value.id}
          onRestore={(v) => onChange({ subject: v.subject, txt: v.txt, html: v.html, bindings: v.bindings })}
        />
      ) : null}
    </>
  );
}

export function Templates() {
  return (
    <CrudScreen<AdminTemplate, TemplateForm>
      config={{
        tab: 'templates',
        title: 'Templates',
        noun: 'template',
        listPath: 'templates',
        writePath: 'templates',
        addLabel: 'Add Template',
        dialogTitle: 'Add or Edit Template',
        fullScreen: true,
        columns: [
          { id: 'name', name: 'Name', render: (t) => templateTitle(t.name), rowHeader: true },
          { id: 'purpose', name: 'What it is for', render: templatePurpose },
          { id: 'kind', name: 'Kind', render: (t) => (isSystemTemplate(t.name) ? 'Sent by the shop' : 'Your own') },
        ],
        rowName: (t) => templateTitle(t.name),
        canDelete: (t) => !isSystemTemplate(t.name),
        emptyForm: () => ({ name: '', subject: '', txt: '', html: '', bindings: [] }),
        toForm: (t) => ({
          id: t.id,
          name: t.name,
          savedName: t.name,
          subject: t.subject,
          txt: t.txt,
          html: t.html,
          bindings: t.bindings,
        }),
        check: checkWith(templateCreateSchema, templateUpdateSchema),
        toPayload: (f) => ({
          name: f.name,
          subject: f.subject,
          txt: f.txt,
          html: f.html,
          bindings: [...new Set(f.bindings)],
        }),
        Form: TemplateFields,
      }}
    />
  );
}

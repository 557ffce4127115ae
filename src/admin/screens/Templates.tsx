import type { AdminTemplate } from '../../lib/admin-schemas/templates.ts';
import { CrudScreen, type FormProps, textFields, type FormValue } from '../CrudScreen.tsx';
import { Chips } from '../ui/Chips.tsx';
import { TextField } from '../ui/controls.tsx';
import { RichEditor } from '../ui/LazyRichEditor.tsx';
import { Tabs } from '../ui/Tabs.tsx';

interface TemplateForm extends FormValue {
  name: string;
  subject: string;
  txt: string;
  html: string;
  bindings: string[];
}

function TemplateFields({ value, onChange, errors }: FormProps<TemplateForm>) {
  const text = textFields<TemplateForm>({ value, onChange, errors });
  return (
    <>
      <TextField label="Name" {...text('name')} autoFocus />
      <TextField label="Subject" {...text('subject')} />
      <TextField className="adm-wide" label="Text Body" multiline rows={6} {...text('txt')} />
      <div className="adm-wide">
        <h3>HTML Body</h3>
        <Tabs
          label="HTML Body"
          tabs={[
            {
              id: 'design',
              title: 'Design',
              content: (
                <RichEditor label="HTML Body (design)" value={value.html} onChange={(html) => onChange({ html })} />
              ),
            },
            {
              id: 'html',
              title: 'HTML',
              content: <TextField label="HTML Body (source)" multiline rows={12} {...text('html')} />,
            },
          ]}
        />
      </div>
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
        serverMessageOnSaveError: true,
        columns: [
          { id: 'name', name: 'Name', render: (t) => t.name },
          { id: 'subject', name: 'Subject', render: (t) => t.subject },
        ],
        rowName: (t) => t.name,
        emptyForm: () => ({ name: '', subject: '', txt: '', html: '', bindings: [] }),
        toForm: (t) => ({ id: t.id, name: t.name, subject: t.subject, txt: t.txt, html: t.html, bindings: t.bindings }),
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

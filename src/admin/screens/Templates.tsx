import { type AdminTemplate, templateCreateSchema, templateUpdateSchema } from '../../lib/admin-schemas/templates.ts';
import { isSystemTemplate, templateTitle } from '../../lib/site/system-templates.ts';
import { templatePurpose } from '../../lib/site/template-purposes.ts';
import { CrudScreen, type FormProps, textFields, type FormValue } from '../CrudScreen.tsx';
import { checkWith } from '../schema-check.ts';
import { TextField } from '../ui/controls.tsx';
import { TemplateBody } from './TemplateBody.tsx';
import { TemplateSamplePreview } from './TemplateSamplePreview.tsx';
import { TemplateVersions } from './TemplateVersions.tsx';
import { TemplateWords } from './TemplateWords.tsx';

interface TemplateForm extends FormValue {
  name: string;
  /** The name it was saved under: one the shop sends by keeps it. */
  savedName?: string;
  subject: string;
  txt: string;
  html: string;
  bindings: string[];
  /** The HTML and text as opened: its text blocks are what the words editor shows. */
  base?: { html: string; txt: string };
  /** Each block's words, and each plain-text paragraph's, once the owner changed one. */
  words?: string[] | undefined;
  textWords?: string[] | undefined;
  /** What a save sends: the words (the server puts them into its layout) or the whole source. */
  source?: 'words' | 'source';
}

const SOURCE_LOCK = 'You changed the HTML or text source: save it, and its words can be changed here again.';

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
      <div className="adm-wide adm-template-editor">
        <TemplateWords
          base={value.base ?? { html: value.html, txt: value.txt }}
          draft={{ words: value.words, textWords: value.textWords }}
          bindings={value.bindings}
          errors={errors}
          locked={value.source === 'source' ? SOURCE_LOCK : null}
          onChange={(change) => onChange({ ...change, source: 'words' })}
        />
        <TemplateSamplePreview draft={{ name: value.name, subject: value.subject, txt: value.txt, html: value.html }} />
      </div>
      <details className="adm-advanced adm-wide">
        <summary>HTML and text source (advanced)</summary>
        {value.source === 'words' ? (
          <p className="adm-info">Save your new words first to change the source.</p>
        ) : (
          <>
            <TextField
              label="Text Body"
              multiline
              rows={6}
              {...text('txt')}
              onChange={(txt) => onChange({ txt, source: 'source' })}
            />
            <TemplateBody
              html={value.html}
              onChange={(html) => onChange({ html, source: 'source' })}
              errorMessage={errors['html']}
            />
          </>
        )}
      </details>
      {value.id ? (
        <TemplateVersions
          templateId={value.id}
          onRestore={(v) =>
            onChange({ subject: v.subject, txt: v.txt, html: v.html, bindings: v.bindings, source: 'source' })
          }
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
          base: { html: t.html, txt: t.txt },
        }),
        check: checkWith(templateCreateSchema, templateUpdateSchema),
        toPayload: (f) =>
          f.source === 'words'
            ? {
                name: f.name,
                subject: f.subject,
                ...(f.words ? { words: f.words } : {}),
                ...(f.textWords ? { text_words: f.textWords } : {}),
              }
            : {
                name: f.name,
                subject: f.subject,
                txt: f.txt,
                html: f.html,
                bindings: [...new Set(f.bindings)],
              },
        Form: TemplateFields,
      }}
    />
  );
}

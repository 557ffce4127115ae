import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useEffect, useId } from 'react';
import { EDITOR_EXTENSIONS } from './editor-extensions.ts';

/** A small tiptap editor for HTML fields (service description, template design view). */
export function RichEditor({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
}) {
  const labelId = useId();
  const editor = useEditor({
    extensions: EDITOR_EXTENSIONS,
    content: value,
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  // Changes made elsewhere (the raw HTML tab, a restored draft) flow back into the editor.
  useEffect(() => {
    if (editor && !editor.isFocused && editor.getHTML() !== value)
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
    }),
  });
  const tool = (name: string, pressed: boolean | undefined, run: () => void) => (
    <button type="button" className="adm-button adm-button--quiet" aria-pressed={pressed ?? false} onClick={run}>
      {name}
    </button>
  );
  return (
    <div className="adm-field">
      <span id={labelId} className="adm-field-label">
        {label}
      </span>
      <div className="adm-editor">
        <div className="adm-editor-toolbar" role="toolbar" aria-label={`${label} formatting`}>
          {tool('Bold', state?.bold, () => editor?.chain().focus().toggleBold().run())}
          {tool('Italic', state?.italic, () => editor?.chain().focus().toggleItalic().run())}
          {tool('Heading', state?.h2, () => editor?.chain().focus().toggleHeading({ level: 2 }).run())}
          {tool('Bullets', state?.bullet, () => editor?.chain().focus().toggleBulletList().run())}
          {tool('Numbers', state?.ordered, () => editor?.chain().focus().toggleOrderedList().run())}
        </div>
        <EditorContent editor={editor} className="adm-editor-content" />
      </div>
    </div>
  );
}

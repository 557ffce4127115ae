import { type ComponentProps, lazy, Suspense } from 'react';

const Editor = lazy(() => import('./RichEditor.tsx').then((m) => ({ default: m.RichEditor })));

/** The tiptap editor is the heaviest part of the admin: it loads when a dialog first shows one. */
export function RichEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<p className="adm-loading">Loading editor…</p>}>
      <Editor {...props} />
    </Suspense>
  );
}

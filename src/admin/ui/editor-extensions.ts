import StarterKit from '@tiptap/starter-kit';

/** The rich editor's schema: the editor and the check of what it would lose use the same one. */
export const EDITOR_EXTENSIONS = [StarterKit];

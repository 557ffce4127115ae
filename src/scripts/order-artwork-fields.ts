/*
 * The order page's artwork fields, enhanced (docs/decisions/0016-order-workflow.md,
 * docs/decisions/0028-owner-and-receipts.md): a file chosen for a change request or for a print
 * location still without its file goes straight to storage like every artwork upload
 * (src/lib/browser/artwork-upload.ts: the browser's owner token, the 50 MB check, cancel), and the
 * form then carries only the upload's id and the owner token. Without script the forms post the file with the page.
 */
import { isCanceled, storedOwnerToken, uploadArtwork } from '../lib/browser/artwork-upload.ts';

/**
 * One form's file field. `box` holds the file input and its status line; `carriesFile`: the
 * form posts the file itself without script (a location's form), so the input is named then.
 */
function enhance(form: HTMLFormElement, box: HTMLElement, carriesFile: boolean): void {
  const input = box.querySelector<HTMLInputElement>('input[type="file"]');
  const status = box.querySelector<HTMLElement>('[data-status]');
  const idField = form.querySelector<HTMLInputElement>('input[name="artwork_id"]');
  const tokenField = form.querySelector<HTMLInputElement>('input[name="owner_token"]');
  if (!input || !status || !idField || !tokenField) return;
  let upload: AbortController | null = null;
  box.hidden = false;

  const say = (text: string, problem = false) => {
    status.textContent = text;
    status.setAttribute('role', problem ? 'alert' : 'status');
  };
  const forget = () => {
    for (const field of [idField, tokenField]) {
      field.value = '';
      field.disabled = true;
    }
  };

  forget();
  input.addEventListener('change', async () => {
    // A new choice cancels the upload still running for the previous one.
    upload?.abort();
    forget();
    if (carriesFile) {
      input.name = 'artwork';
      input.required = true;
    }
    const file = input.files?.[0];
    if (!file) return say('');
    const mine = new AbortController();
    upload = mine;
    try {
      say('Uploading…');
      const checked = await uploadArtwork({
        file,
        ownerToken: storedOwnerToken(),
        signal: mine.signal,
        onProgress: ({ stage, fraction }) =>
          say(stage === 'checking' ? 'Checking the file…' : `Uploading… ${Math.round(fraction * 100)}%`),
      });
      idField.value = checked.artworkId;
      tokenField.value = storedOwnerToken() ?? '';
      idField.disabled = false;
      tokenField.disabled = false;
      // The form now names the checked upload; the file itself stays out of the post.
      if (carriesFile) {
        input.removeAttribute('name');
        input.required = false;
      }
      say(`Ready to send: ${checked.fileName}. ${[...checked.notes, ...checked.warnings].join(' ')}`.trim());
    } catch (error) {
      if (isCanceled(error)) return;
      input.value = '';
      say(error instanceof Error ? error.message : String(error), true);
    } finally {
      if (upload === mine) upload = null;
    }
  });
  form.addEventListener('submit', (event) => {
    if (!upload) return;
    event.preventDefault();
    say(`Wait for the file to finish uploading, then ${carriesFile ? 'send it' : 'send your changes'}.`, true);
  });
}

const changes = document.querySelector<HTMLFormElement>('form[data-changes]');
const changesBox = document.getElementById('new-artwork');
if (changes && changesBox) enhance(changes, changesBox, false);

// Each print location still without its file (docs/decisions/0028-owner-and-receipts.md).
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-artwork-form]')) {
  const box = form.querySelector<HTMLElement>('.field');
  if (box) enhance(form, box, true);
}

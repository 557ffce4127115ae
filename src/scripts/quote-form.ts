/**
 * The quote request form (src/components/forms/QuoteForm.astro) in the page: names the catalogue
 * item it was opened from, and sends the artwork straight to storage (checked first) instead of
 * in the post.
 */
// Opened from a product or service page: name it in the form (without JavaScript the visitor types it).
const params = new URLSearchParams(location.search);
for (const name of ['product', 'service']) {
  const field = document.querySelector<HTMLInputElement>(`input[data-prefill="${name}"]`);
  const value = params.get(name);
  if (field && value && /^[a-z0-9-]{1,120}$/.test(value)) field.value = value;
}
const what = document.querySelector<HTMLInputElement>('#quote-what');
const named = params.get('what');
if (what && named && !what.value) what.value = named.slice(0, 200);

// With script the artwork goes straight to storage and is checked before the form is sent,
// like a product's artwork (up to 50 MB; a plain post carries it otherwise).
const form = document.querySelector<HTMLFormElement>('form.quote-form');
const box = document.querySelector<HTMLElement>('[data-artwork]');
const input = box?.querySelector<HTMLInputElement>('input[type="file"]');
const idField = box?.querySelector<HTMLInputElement>('input[name="artworkId"]');
const ownerField = box?.querySelector<HTMLInputElement>('input[name="artworkOwner"]');
const status = box?.querySelector<HTMLElement>('[data-artwork-status]');
if (form && input && idField && ownerField && status) {
  let busy = false;
  const say = (message: string, problem = false) => {
    status.textContent = message;
    status.setAttribute('role', problem ? 'alert' : 'status');
  };
  const forget = () => {
    idField.value = '';
    ownerField.value = '';
    idField.disabled = true;
    ownerField.disabled = true;
    input.name = 'artwork';
  };
  input.addEventListener('change', async () => {
    forget();
    const file = input.files?.[0];
    if (!file) return say('');
    busy = true;
    try {
      const { uploadArtwork, storedOwnerToken } = await import('../lib/browser/artwork-upload.ts');
      const checked = await uploadArtwork({
        file,
        ownerToken: storedOwnerToken(),
        onProgress: (p) =>
          say(p.stage === 'checking' ? 'Checking the file…' : `Uploading… ${Math.round(p.fraction * 100)}%`),
      });
      idField.value = checked.artworkId;
      ownerField.value = storedOwnerToken() ?? '';
      idField.disabled = false;
      ownerField.disabled = false;
      // The file is in storage: the form carries its id, not the bytes again.
      input.removeAttribute('name');
      say(
        `Ready to send: ${checked.fileName}. ${[...(checked.notes ?? []), ...(checked.warnings ?? [])].join(' ')}`.trim(),
      );
    } catch (error) {
      input.value = '';
      say(error instanceof Error ? error.message : 'The file could not be sent. Please try again.', true);
    } finally {
      busy = false;
    }
  });
  form.addEventListener('submit', (event) => {
    if (!busy) return;
    event.preventDefault();
    say('Wait for the file to finish uploading, then send your request.', true);
  });
}

export {};

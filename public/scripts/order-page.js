/*
 * The customer's order page (issues #16, #28), progressive enhancement: with a change request the
 * customer may send new artwork, and each print location still without its file takes one. The file goes straight to storage like every artwork upload
 * (a signed URL from /api/artwork/uploads, then the shop checks it); the form then carries only
 * the upload's id and this browser's owner token. Without script the page works as before.
 */
/**
 * One form's file field: the chosen file is uploaded and checked at once, and the form then
 * names the upload (artwork_id + owner_token) instead of carrying the file. `box` holds the file
 * input and its status line; `carriesFile`: the form would post the file itself without script.
 */
function enhance(form, box, { carriesFile }) {
  const input = box.querySelector('input[type="file"]');
  const status = box.querySelector('[data-status]');
  const idField = form.querySelector('input[name="artwork_id"]');
  const tokenField = form.querySelector('input[name="owner_token"]');
  let busy = false;
  box.hidden = false;

  const say = (text, problem = false) => {
    status.textContent = text;
    status.setAttribute('role', problem ? 'alert' : 'status');
  };
  const forget = () => {
    idField.value = '';
    tokenField.value = '';
    idField.disabled = true;
    tokenField.disabled = true;
  };
  const postJson = async (url, body) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw new Error(data?.error?.message ?? 'The shop could not take the file. Please try again.');
    return data;
  };
  const put = (ticket, file) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('PUT', ticket.url);
      for (const [name, value] of Object.entries(ticket.headers ?? {})) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) say(`Uploading… ${Math.round((event.loaded / event.total) * 100)}%`);
      };
      xhr.onload = () =>
        xhr.status < 300 ? resolve() : reject(new Error('The upload was refused. Please try again.'));
      xhr.onerror = () => reject(new Error('The upload stopped: the connection was lost.'));
      xhr.send(file);
    });

  forget();
  input.addEventListener('change', async () => {
    forget();
    if (carriesFile) {
      input.name = 'artwork';
      input.required = true;
    }
    const file = input.files?.[0];
    if (!file) return say('');
    busy = true;
    try {
      say('Uploading…');
      const ticket = await postJson('/api/artwork/uploads', {
        fileName: file.name.slice(0, 255) || 'artwork',
        size: file.size,
      });
      await put(ticket.upload, file);
      say('Checking the file…');
      const checked = await postJson(`/api/artwork/${ticket.artworkId}/check`, { ownerToken: ticket.ownerToken });
      idField.value = ticket.artworkId;
      tokenField.value = ticket.ownerToken;
      idField.disabled = false;
      tokenField.disabled = false;
      // The form now names the checked upload; the file itself stays out of the post.
      if (carriesFile) {
        input.removeAttribute('name');
        input.required = false;
      }
      say(
        `Ready to send: ${checked.fileName}. ${[...(checked.notes ?? []), ...(checked.warnings ?? [])].join(' ')}`.trim(),
      );
    } catch (error) {
      input.value = '';
      say(error.message, true);
    } finally {
      busy = false;
    }
  });
  form.addEventListener('submit', (event) => {
    if (!busy) return;
    event.preventDefault();
    say(`Wait for the file to finish uploading, then ${carriesFile ? 'send it' : 'send your changes'}.`, true);
  });
}

const changes = document.querySelector('form[data-changes]');
const changesBox = document.getElementById('new-artwork');
if (changes && changesBox) enhance(changes, changesBox, { carriesFile: false });

// Each print location still without its file (issue #28).
for (const form of document.querySelectorAll('form[data-artwork-form]')) {
  enhance(form, form.querySelector('.field'), { carriesFile: true });
}

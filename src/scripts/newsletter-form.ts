/**
 * The home page's mailing-list block in the page (docs/decisions/spec-rules.md#s2 Home, §4, §5, §8). The shared schema
 * is loaded on first use (focus or submit) rather than with the home page; should it fail to
 * load, the form is sent the plain way, to /newsletter, which answers with a page.
 */
const form = document.querySelector<HTMLFormElement>('[data-newsletter-form]');
const input = form?.querySelector<HTMLInputElement>('input[name="email"]');
const statusLine = form?.querySelector<HTMLElement>('[data-newsletter-status]');
const errorLine = form?.querySelector<HTMLElement>('[data-newsletter-error]');

if (form && input && statusLine && errorLine) {
  let rules: Promise<typeof import('../lib/forms/newsletter-schema.ts')> | undefined;
  const loadRules = () => {
    rules ??= import('../lib/forms/newsletter-schema.ts');
    return rules;
  };
  let sending = false;

  const say = (text: string, tone: 'ok' | 'error' | null) => {
    statusLine.textContent = text;
    statusLine.classList.toggle('ok', tone === 'ok');
    statusLine.classList.toggle('error', tone === 'error');
  };
  const showError = (message: string) => {
    errorLine.textContent = message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  input.addEventListener('focus', () => void loadRules().catch(() => undefined), { once: true });
  input.addEventListener('input', () => showError(''));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    let schema: Awaited<ReturnType<typeof loadRules>>;
    try {
      schema = await loadRules();
    } catch {
      form.submit();
      return;
    }
    const { fieldErrors, HONEYPOT_FIELD, NEWSLETTER_MESSAGES, newsletterSchema } = schema;
    say('', null);
    const email = input.value;
    const problem = fieldErrors(newsletterSchema, { email })['email'];
    if (problem) {
      showError(problem);
      input.focus();
      return;
    }
    showError('');
    const trap = (form.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? '';
    sending = true;
    try {
      const response = await fetch('/api/newsletter', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(trap ? { email, [HONEYPOT_FIELD]: trap } : { email }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      input.value = '';
      say(NEWSLETTER_MESSAGES.success, 'ok');
    } catch (error) {
      console.error('[newsletter] sign-up failed:', error);
      say(NEWSLETTER_MESSAGES.failure, 'error');
    } finally {
      sending = false;
    }
  });
}

export {};

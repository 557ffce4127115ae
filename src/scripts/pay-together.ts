/*
 * The payer page's total (docs/decisions/0029-deposits.md): as the customer ticks and unticks what to pay, the total
 * and the Pay button say what the chosen items come to. Without script the page shows the total
 * of everything, and the server charges what is ticked.
 */
import { formatUsd } from '../lib/money.ts';

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-pay-together]')) {
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][data-cents]')];
  const total = form.querySelector<HTMLElement>('[data-total]');
  const button = form.querySelector<HTMLButtonElement>('button[data-pay]');
  if (!total || !button) continue;
  const update = () => {
    const cents = boxes.filter((box) => box.checked).reduce((sum, box) => sum + Number(box.dataset['cents']), 0);
    total.textContent = formatUsd(cents);
    button.textContent = `Pay ${formatUsd(cents)}`;
  };
  form.addEventListener('change', update);
  update();
}

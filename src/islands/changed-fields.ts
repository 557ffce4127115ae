/**
 * What a person changed on an island's native fields before it hydrated (client:interaction):
 * radios and inputs work without React, so the island takes their state over when it hydrates.
 * "Changed" compares with the defaults, which hydration sets from what React rendered.
 */

/** The value now checked in radio group `name`, or null when the group is as it was rendered. */
export function changedRadio(root: ParentNode, name: string): string | null {
  const radios = [...root.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${name}"]`)];
  if (radios.every((radio) => radio.checked === radio.defaultChecked)) return null;
  return radios.find((radio) => radio.checked)?.value ?? null;
}

/** The whole number now in input `name`, or null when it is as it was rendered (or not a number). */
export function changedNumber(root: ParentNode, name: string): number | null {
  const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input || input.value === input.defaultValue) return null;
  const typed = Number.parseInt(input.value, 10);
  return Number.isNaN(typed) ? null : typed;
}

/** The text now in input `name`, or null when it is as it was rendered. */
export function changedText(root: ParentNode, name: string): string | null {
  const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  return !input || input.value === input.defaultValue ? null : input.value;
}

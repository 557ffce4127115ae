/**
 * The slug a name gives (the end of a page's web address): "Tees & Tanks" → "tees-and-tanks",
 * "Mom's Café Mug" → "moms-cafe-mug". Accents are dropped, an apostrophe joins its word, any
 * other run of signs becomes one hyphen; the result fits the slug columns (120 characters) and
 * the slug rule (SLUG_PATTERN), or is empty when the name has no letter or digit.
 */
export function slugFromName(name: string, maxLength = 120): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}

/**
 * Whether a form's slug still follows its name: a new record whose slug is empty or is what the
 * name last gave. Once the owner writes a slug of their own, it stays as written; a saved
 * record's slug never changes by itself (links to its page would break).
 */
export function slugFollowsName(form: { id?: unknown; name?: unknown; slug?: unknown }): boolean {
  if (form.id) return false;
  const slug = typeof form.slug === 'string' ? form.slug : '';
  return slug === '' || slug === slugFromName(typeof form.name === 'string' ? form.name : '');
}

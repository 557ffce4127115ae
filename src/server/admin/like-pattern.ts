/** A "contains" pattern for LIKE/ILIKE: `%`, `_` and `\` in a search are literal characters, not patterns. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The JSON body of every failed API call (DESIGN.md rule 4). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** What a screen shows while its read is on its way (Loading…) or when it failed (an alert with the reason). */
export function ReadStatus({ error, loaded }: { error: string | null; loaded: boolean }) {
  if (error) {
    return (
      <p className="adm-error" role="alert">
        {error}
      </p>
    );
  }
  return loaded ? null : <p>Loading…</p>;
}

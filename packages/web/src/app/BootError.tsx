/** Shown when the app cannot start (no theme yet, so plain markup). */
export function BootError({ error }: { error: unknown }) {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>The relayer app could not start</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </main>
  );
}

/** `{ '../en/home.json': {...} }` → `{ home: {...} }`: namespaces by file name. */
export function namespacesOf(
  files: Record<string, Record<string, unknown>>,
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(files).map(([file, texts]) => [file.replace(/^.*\/|\.json$/g, ''), texts]),
  );
}

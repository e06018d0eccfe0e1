export function SecurityPage() {
  return null;
}

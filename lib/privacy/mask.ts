/** `ann.smith@example.com` → `a***@example.com`: enough to tell recipients apart in a log, not to write to them. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${address[0]}***${address.slice(at)}`;
}

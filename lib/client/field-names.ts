/** `websiteUrl` → "Website URL", `companyName` → "Company name", `screenshots[0].url` → "Screenshot 1 URL". */
export function humanize(path: string): string {
  const words = path
    // A list's item is counted from 1, as people count: `screenshots[0]` → "screenshot 1".
    .replace(/s?\[(\d+)\]/g, (_, index: string) => ` ${Number(index) + 1}`)
    .replace(/[._]/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return (words.charAt(0).toUpperCase() + words.slice(1))
    .replace(/\burl\b/g, "URL")
    .replace(/\bid\b/g, "ID")
    .replace(/\boauth\b/gi, "OAuth");
}

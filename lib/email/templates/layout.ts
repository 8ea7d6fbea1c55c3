import { env } from "@/lib/core/env";

export type RenderedEmail = { subject: string; html: string; text: string };

/** A run of text inside a paragraph. Templates never write markup: the layout escapes every string. */
type Inline = string | { strong: string } | { link: string };

export type Block =
  | { paragraph: Inline[] }
  /** A labelled list, e.g. review findings. */
  | { list: { label: string; text: string }[] }
  /** Someone else's words (a reviewer's message), set apart from ours. */
  | { quote: { label: string; text: string } };

export type EmailContent = {
  /** Whom the email greets ("Hi <to>,"); the subject starts with the name too. */
  to: string;
  /** What follows "<to>, " in the subject. */
  subject: string;
  /** Shown by most mail clients next to the subject; plain text. */
  preview: string;
  heading: string;
  blocks: Block[];
  action: { label: string; href: string };
  /** Why the reader gets it, in the footer; the default fits every email to a developer. */
  receivedBecause?: string;
};

const DEVELOPER_ACCOUNT = "you have a developer account on Yapture Marketplace";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** Escaped, with the author's line breaks kept (reasons are often several lines). */
function escapeMultiline(value: string): string {
  return escapeHtml(value.trim()).replace(/\r?\n/g, "<br>");
}

/** An absolute link into the product; path segments that come from data must be encoded by the caller. */
export function portalUrl(path: string): string {
  return `${env().APP_URL.replace(/\/+$/, "")}${path}`;
}

/** The paragraph that tells the reader what happens now; most emails end with one. */
export function whatHappensNext(...parts: Inline[]): Block {
  return { paragraph: ["What happens next: ", ...parts] };
}

/** The action of an email about the developer's account: the portal's home. */
export function developerPortal(label: string): EmailContent["action"] {
  return { label, href: portalUrl("/developer") };
}

/** A subject is one line: user input with line breaks or runs of spaces must not shape it. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const BODY_FONT = `${FONT}font-size:15px;line-height:22px;`;
const TEXT_STYLE = `${BODY_FONT}color:#1f2937;margin:0 0 16px;`;

function inlineHtml(parts: Inline[]): string {
  return parts
    .map((part) => {
      if (typeof part === "string") return escapeHtml(part);
      if ("strong" in part) return `<strong>${escapeHtml(part.strong)}</strong>`;
      const href = escapeHtml(part.link);
      return `<a href="${href}" style="color:#4f46e5;">${href}</a>`;
    })
    .join("");
}

function inlineText(parts: Inline[]): string {
  return parts.map((part) => (typeof part === "string" ? part : "strong" in part ? part.strong : part.link)).join("");
}

function blockHtml(block: Block): string {
  if ("paragraph" in block) return `<p style="${TEXT_STYLE}">${inlineHtml(block.paragraph)}</p>`;
  if ("list" in block) {
    const items = block.list
      .map((item) => `<li style="margin:0 0 10px;"><strong>${escapeHtml(item.label)}:</strong> ${escapeMultiline(item.text)}</li>`)
      .join("");
    return `<ul style="${TEXT_STYLE}padding-left:20px;">${items}</ul>`;
  }
  return (
    `<p style="${BODY_FONT}color:#1f2937;margin:0 0 4px;"><strong>${escapeHtml(block.quote.label)}</strong></p>` +
    `<blockquote style="${BODY_FONT}color:#374151;margin:0 0 16px;border-left:3px solid #d1d5db;padding:4px 0 4px 12px;">${escapeMultiline(block.quote.text)}</blockquote>`
  );
}

function blockText(block: Block): string {
  if ("paragraph" in block) return inlineText(block.paragraph);
  if ("list" in block) {
    return block.list.map((item) => `- ${item.label}: ${item.text.trim().replace(/\r?\n/g, "\n  ")}`).join("\n");
  }
  const quoted = block.quote.text
    .trim()
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  return `${block.quote.label}\n${quoted}`;
}

function greeting(name: string): Block {
  return { paragraph: ["Hi ", { strong: name }, ","] };
}

/** One email in both forms. Table layout and inline styles: what mail clients render reliably. */
export function composeEmail({ to, subject, receivedBecause = DEVELOPER_ACCOUNT, ...letter }: EmailContent): RenderedEmail {
  const footer = `You receive this email because ${receivedBecause}.`;
  const content = { ...letter, subject: `${to}, ${subject}`, blocks: [greeting(to), ...letter.blocks] };
  const href = escapeHtml(content.action.href);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(oneLine(content.subject))}</title></head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;">
<tr><td style="padding:28px 32px 8px;${FONT}font-size:13px;color:#6b7280;">Yapture Marketplace</td></tr>
<tr><td style="padding:0 32px 8px;"><h1 style="${FONT}font-size:22px;line-height:30px;color:#111827;margin:0 0 16px;">${escapeHtml(content.heading)}</h1>
${content.blocks.map(blockHtml).join("\n")}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr><td style="border-radius:6px;background-color:#4f46e5;">
<a href="${href}" style="display:inline-block;padding:12px 20px;${FONT}font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;">${escapeHtml(content.action.label)}</a>
</td></tr></table>
<p style="${FONT}font-size:13px;line-height:20px;color:#6b7280;margin:0 0 24px;">Or open this link: <a href="${href}" style="color:#4f46e5;">${href}</a></p>
</td></tr>
<tr><td style="padding:16px 32px 28px;border-top:1px solid #e5e7eb;${FONT}font-size:12px;line-height:18px;color:#9ca3af;">${escapeHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  const text = [content.heading, ...content.blocks.map(blockText), `${content.action.label}: ${content.action.href}`, `--\n${footer}`].join(
    "\n\n",
  );
  return { subject: oneLine(content.subject), html, text: `${text}\n` };
}

/**
 * The one layout of every message (issue 34): the product's name and colour, the content, one call
 * to action, and a footer that says why the person got it. HTML with a plain-text alternative; all
 * user content is escaped; links are absolute, on PUBLIC_URL.
 */

/** The product's primary colour (libs/shared/ui theme, light): the header band and the button. */
const PRIMARY = '#0f766e';
const PRODUCT = 'Arrendia';

export interface MailContent {
  subject: string;
  /** The greeting's name ('Hola, Ana:'), when the person is known. */
  greetingName?: string | null;
  /** Paragraphs of plain text (escaped here). */
  paragraphs: string[];
  /** The button: its label and the product path or absolute URL it opens. */
  action?: { label: string; href: string };
  /** Why the person got the message, in the footer. */
  reason: string;
  /** A notification's settings page: the footer's link and the List-Unsubscribe header. */
  unsubscribePath?: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to put in HTML (element content or a quoted attribute). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** A product path as an absolute link on `publicUrl`; an absolute http(s) URL stays as it is. */
export function absoluteUrl(publicUrl: string, href: string): string {
  if (/^https?:\/\//i.test(href)) return href;
  return `${publicUrl.replace(/\/+$/, '')}/${href.replace(/^\/+/, '')}`;
}

/** Renders `content` in the layout, with links on `publicUrl`. */
export function renderMail(content: MailContent, { publicUrl }: { publicUrl: string }): RenderedMail {
  const greeting = content.greetingName?.trim() ? `Hola, ${content.greetingName.trim()}:` : 'Hola:';
  const action = content.action ? { label: content.action.label, url: absoluteUrl(publicUrl, content.action.href) } : null;
  const unsubscribe = content.unsubscribePath ? absoluteUrl(publicUrl, content.unsubscribePath) : null;
  const home = absoluteUrl(publicUrl, '/');

  const text = [
    greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    '—',
    `${PRODUCT} · ${home}`,
    content.reason,
    ...(unsubscribe ? [`Elige qué avisos recibes por correo: ${unsubscribe}`] : []),
  ].join('\n');

  const paragraph = (p: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`;
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f4f4f5;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${PRIMARY};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${PRODUCT}</td></tr>
<tr><td style="padding:24px">
${paragraph(greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${PRIMARY};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52525b">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${escapeHtml(action.url)}" style="color:${PRIMARY};word-break:break-all">${escapeHtml(action.url)}</a></p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:12px;color:#52525b">
<p style="margin:0 0 8px">${escapeHtml(content.reason)}</p>
${unsubscribe ? `<p style="margin:0"><a href="${escapeHtml(unsubscribe)}" style="color:${PRIMARY}">Elige qué avisos recibes por correo</a></p>` : ''}
<p style="margin:8px 0 0"><a href="${escapeHtml(home)}" style="color:${PRIMARY}">${PRODUCT}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  return {
    subject: content.subject,
    html,
    text,
    headers: unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe}>` } : {},
  };
}

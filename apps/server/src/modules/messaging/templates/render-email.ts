import type { BrandConfig } from '@signlink/brands/brand-config';
import type { TFunction } from 'i18next';
import { escapeHtml as e } from './escape-html.ts';
import type { MessageContent } from './message-content.ts';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

interface RenderEmailInput {
  content: MessageContent;
  brand: BrandConfig;
  /** Origin of the recipient's brand host: the logo and every link point there. */
  baseUrl: string;
  t: TFunction;
  language: string;
}

const font = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const textColour = '#1f2933';
const mutedColour = '#5f6b7a';

function paragraph(text: string) {
  return `<p style="margin:0 0 16px;${font};font-size:16px;line-height:24px;color:${textColour}">${e(text).replace(/\n/g, '<br>')}</p>`;
}

/**
 * The HTML part: tables and inline styles, because mail clients (Outlook above all) ignore most CSS;
 * a PNG logo, because most do not show SVG; a button drawn as a table cell so it survives Outlook.
 */
function renderHtml({ content, brand, baseUrl, t, language }: RenderEmailInput): string {
  const primary = brand.palette.primary;
  const parts: string[] = [];
  parts.push(
    `<h1 style="margin:0 0 20px;${font};font-size:22px;line-height:30px;color:${textColour}">${e(content.heading)}</h1>`,
  );
  for (const text of content.paragraphs) parts.push(paragraph(text));
  if (content.quote) {
    parts.push(
      `<p style="margin:0 0 6px;${font};font-size:14px;color:${mutedColour}">${e(content.quote.label)}</p>`,
      `<div style="margin:0 0 20px;padding:12px 16px;border-left:4px solid ${primary};background:#f5f7fa;${font};font-size:15px;line-height:22px;color:${textColour}">${e(content.quote.text).replace(/\n/g, '<br>')}</div>`,
    );
  }
  if (content.code) {
    parts.push(
      `<div style="margin:8px 0 24px;padding:16px;text-align:center;background:#f5f7fa;border-radius:8px;font-family:'SFMono-Regular',Consolas,monospace;font-size:32px;letter-spacing:8px;font-weight:700;color:${textColour}">${e(content.code)}</div>`,
    );
  }
  if (content.facts?.length) {
    const rows = content.facts
      .map(
        (fact) =>
          `<tr><td style="padding:6px 12px 6px 0;${font};font-size:15px;color:${mutedColour}">${e(fact.label)}</td><td style="padding:6px 0;${font};font-size:15px;font-weight:600;color:${textColour};text-align:right">${e(fact.value)}</td></tr>`,
      )
      .join('');
    parts.push(
      `<table role="presentation" width="100%" style="margin:0 0 24px;border-collapse:collapse">${rows}</table>`,
    );
  }
  if (content.action) {
    const href = e(content.action.url);
    parts.push(
      `<table role="presentation" style="margin:8px 0 24px;border-collapse:separate"><tr><td style="border-radius:6px;background:${primary}"><a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 28px;${font};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px">${e(content.action.label)}</a></td></tr></table>`,
      `<p style="margin:0 0 20px;${font};font-size:13px;line-height:20px;color:${mutedColour}">${e(t('messages:common.linkFallback'))}<br><a href="${href}" target="_blank" rel="noopener" style="color:${primary};word-break:break-all">${href}</a></p>`,
    );
  }
  for (const note of content.notes) {
    parts.push(
      `<p style="margin:0 0 12px;${font};font-size:13px;line-height:20px;color:${mutedColour}">${e(note)}</p>`,
    );
  }

  const footer = [
    t('messages:common.automatic', { brandName: brand.name }),
    t('messages:common.support', { supportEmail: brand.supportEmail }),
  ]
    .map((line) => e(line))
    .join('<br>');
  const logo = `${baseUrl}${brand.emailLogoUrl}`;
  return `<!doctype html>
<html lang="${e(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#eef1f5">
<div style="display:none;max-height:0;overflow:hidden">${e(content.paragraphs[0] ?? content.heading)}</div>
<table role="presentation" width="100%" style="background:#eef1f5;border-collapse:collapse"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:600px;border-collapse:collapse;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="padding:16px 24px;background:${brand.header.background}"><a href="${e(baseUrl)}"><img src="${e(logo)}" alt="${e(brand.name)}" height="40" style="display:block;height:40px;border:0;color:${brand.header.foreground};${font};font-size:20px;font-weight:700"></a></td></tr>
<tr><td style="padding:32px 24px 16px">
${parts.join('\n')}
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e4e8ee;${font};font-size:12px;line-height:18px;color:${mutedColour}">${footer}<br><a href="${e(baseUrl)}" style="color:${mutedColour}">${e(brand.name)}</a> · ${e(t('messages:common.tagline'))}</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
}

/** The plain-text part, for clients that show no HTML and for screen readers that prefer it. */
function renderText({ content, brand, baseUrl, t }: RenderEmailInput): string {
  const blocks: string[] = [content.heading, ...content.paragraphs];
  if (content.quote) blocks.push(`${content.quote.label}\n> ${content.quote.text.replace(/\n/g, '\n> ')}`);
  if (content.code) blocks.push(content.code);
  if (content.facts?.length) blocks.push(content.facts.map((fact) => `${fact.label}: ${fact.value}`).join('\n'));
  if (content.action) blocks.push(`${content.action.label}:\n${content.action.url}`);
  blocks.push(...content.notes);
  blocks.push(
    `-- \n${t('messages:common.automatic', { brandName: brand.name })}\n${t('messages:common.support', { supportEmail: brand.supportEmail })}\n${brand.name}: ${baseUrl}`,
  );
  return `${blocks.join('\n\n')}\n`;
}

export function renderEmail(input: RenderEmailInput): RenderedEmail {
  return { subject: input.content.subject, html: renderHtml(input), text: renderText(input) };
}

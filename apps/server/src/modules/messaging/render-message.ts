import type { BrandConfig } from '@signlink/brands/brand-config';
import { brands } from '@signlink/brands/brands';
import type { Locale } from '@signlink/contracts/locales';
import { type MessageKind, messageKindSchemas } from '@signlink/contracts/messaging/message-kinds';
import { createTranslator } from '@signlink/i18n/create-translator';
import type { PublicUrls } from '../../config/public-urls.ts';
import type { MessageRow } from './messages.repository.ts';
import { buildMessageContent } from './templates/message-content.ts';
import { type RenderedEmail, renderEmail } from './templates/render-email.ts';
import { renderTextMessage } from './templates/render-text-message.ts';

function brandOf(id: string): BrandConfig {
  return brands.find((brand) => brand.id === id) ?? brands[0];
}

function contentOf(message: Pick<MessageRow, 'kind' | 'data' | 'locale' | 'brand'>, publicUrls: PublicUrls) {
  const kind = message.kind as MessageKind;
  const schema = messageKindSchemas[kind];
  if (!schema) throw new Error(`Unknown message kind ${message.kind}`);
  const brand = brandOf(message.brand);
  const locale = message.locale as Locale;
  const baseUrl = publicUrls.forBrand(brand.id);
  const t = createTranslator(locale);
  const content = buildMessageContent(kind, schema.parse(message.data) as never, {
    t,
    locale,
    brandName: brand.name,
    url: (path) => `${baseUrl}${path}`,
  });
  return { content, brand, baseUrl, t, locale };
}

/** Subject, HTML and text of an e-mail, in the recipient's language and brand. */
export function renderEmailMessage(
  message: Pick<MessageRow, 'kind' | 'data' | 'locale' | 'brand'>,
  publicUrls: PublicUrls,
): RenderedEmail & { from: string; brand: BrandConfig } {
  const { content, brand, baseUrl, t, locale } = contentOf(message, publicUrls);
  return { ...renderEmail({ content, brand, baseUrl, t, language: locale }), from: brand.senderEmail, brand };
}

/** The SMS or WhatsApp text, within two SMS. */
export function renderTextMessageOf(
  message: Pick<MessageRow, 'kind' | 'data' | 'locale' | 'brand'>,
  publicUrls: PublicUrls,
): string {
  const { content } = contentOf(message, publicUrls);
  if (!content.sms) throw new Error(`Message kind ${message.kind} has no text form`);
  return renderTextMessage(content.sms);
}

/** `<id@domain>` without brackets: the brand's sender domain, so the Message-ID is ours and stable across retries. */
export function emailMessageIdOf(messageId: string, brand: BrandConfig): string {
  const domain = /@([^>\s]+)>?$/.exec(brand.senderEmail)?.[1] ?? 'signlink.app';
  return `${messageId}@${domain}`;
}

import { PDF } from '@libpdf/core';

/** One page's text, 1-based: what the assistant searches and quotes (issue 28). */
export interface PageText {
  page: number;
  text: string;
}

/** A page's text beyond this is cut: a knowledge file is read for its prose, not for a dump of tables. */
const maxCharsPerPage = 20_000;

/**
 * Each page's text, for a PDF that passed upload's checks (sanitize-pdf.ts): run it in the PDF worker threads only,
 * as parsing fonts and content streams is CPU work. A page whose text cannot be read (a broken font program, a scan
 * without text) gives an empty text rather than failing the file: the rest still answers questions.
 */
export async function extractPageTexts(bytes: Uint8Array): Promise<PageText[]> {
  const doc = await PDF.load(bytes);
  return doc.getPages().map((page, index) => {
    let text = '';
    // @libpdf/core warns on the console, with a stack, for every font program it cannot parse (text still comes
    // out by the font's encoding): a hostile file would flood the log. The call is synchronous, so muting the
    // console around it mutes nothing else.
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      text = page.extractText().text;
    } catch {
      text = '';
    } finally {
      console.warn = warn;
    }
    return { page: index + 1, text: normaliseText(text).slice(0, maxCharsPerPage) };
  });
}

/** Ligatures unfolded and control characters dropped: quotes read as the page shows them. */
function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\t/g, ' ')
    .replace(/[^\P{Cc}\n]/gu, '')
    .replace(/ +/g, ' ')
    .trim();
}

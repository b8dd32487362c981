/**
 * One file of the link as the viewer gets it: a key (the file's Code) and its bytes, fetched once by the page with
 * the RequestToken. The bytes are asked for before pdf.js's chunk arrives, so the download and the chunk overlap.
 */
export interface PdfSource {
  key: string;
  bytes: Promise<ArrayBuffer>;
}

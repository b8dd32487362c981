import { type DocumentSettings, settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import type { SnapshotFile } from './recipient-snapshot.repository.ts';
import type { LinkSigningState } from './signing-state.ts';

/** A message the sender left empty (or blank) is no message. */
const textOrNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/**
 * The answer of `links/{id}/access` (SPEC section 3), which the owner's preview (link-preview.service.ts) gives too,
 * so a recipient and a preview see the same shape: the files, the recipient's keys, their signature slots, the
 * sender's messages and the document's settings.
 */
export function linkAccessResponse(input: {
  token: { token: string; expiresAt: Date };
  document: { id: string; message: string | null; settings: DocumentSettings };
  files: readonly SnapshotFile[];
  /** Whether the files' rules go along (the recipient asks for them; a preview always has them). */
  withRules: boolean;
  userData: LinkAccessResponse['UserData'];
  signing: LinkSigningState;
  personalMessage: string | null | undefined;
}): LinkAccessResponse {
  const { document, signing } = input;
  const settings = settingsWithDefaults(document.settings);
  return {
    RequestToken: input.token.token,
    TokenExpiresAt: input.token.expiresAt.toISOString(),
    DocumentId: document.id,
    Documents: input.files.map((file) => ({
      Title: file.title,
      Code: file.id,
      PageCount: file.pageCount,
      PageSizes: file.pageSizes,
      Rules: input.withRules ? file.rules : null,
    })),
    UserData: input.userData,
    Signatures: signing.slots,
    Aggregates: signing.aggregates,
    State: signing.state,
    SealedPdfAvailable: signing.sealedPdfAvailable,
    Messages: { Document: textOrNull(document.message), Personal: textOrNull(input.personalMessage) },
    Settings: {
      allowPrinting: settings.allowPrinting,
      allowDownloading: settings.allowDownloading,
      allowNameClarification: settings.allowNameClarification,
      disableSubmit: settings.disableSubmit,
      enableSharing: settings.enableSharing,
      requireFormApproval: settings.requireFormApproval,
    },
  };
}

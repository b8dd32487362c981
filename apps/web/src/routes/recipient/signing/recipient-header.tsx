import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { AttachmentsButton } from '../attachments/attachments-button.tsx';
import { ZoomControls } from '../viewer/document-viewer.tsx';

interface RecipientHeaderProps {
  linkId: string;
  access: LinkAccessResponse;
  /** Attachments can be added and removed while this person still has a slot to sign. */
  canChangeAttachments: boolean;
  zoom: number;
  onZoom: (zoom: number) => void;
  onAccessExpired: () => void;
}

/** The document's title, with its attachments and the zoom beside it. */
export function RecipientHeader(props: RecipientHeaderProps) {
  const { linkId, access, canChangeAttachments, zoom, onZoom, onAccessExpired } = props;
  const title = access.Documents.map((file) => file.Title).join(', ');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
      <Typography
        component="h1"
        variant="h6"
        sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere', fontSize: { xs: '1.1rem', sm: '1.25rem' } }}
      >
        {title}
      </Typography>
      <AttachmentsButton
        linkId={linkId}
        requestToken={access.RequestToken}
        canChange={canChangeAttachments}
        onAccessExpired={onAccessExpired}
      />
      <ZoomControls zoom={zoom} onZoom={onZoom} />
    </Box>
  );
}

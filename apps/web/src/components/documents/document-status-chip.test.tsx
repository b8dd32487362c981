import { documentStatuses } from '@signlink/contracts/documents/document-status';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app.tsx';
import { DocumentStatusChip, statusColours } from './document-status-chip.tsx';

const english: Record<(typeof documentStatuses)[number], string> = {
  draft: 'Draft',
  'awaiting-signatures': 'Awaiting signatures',
  'awaiting-signatures-and-payment': 'Awaiting signatures and payment',
  'awaiting-payment': 'Awaiting payment',
  processing: 'Processing',
  signed: 'Signed by all parties',
  'signed-and-paid': 'Signed and paid',
  error: 'Sealing failed',
  submitted: 'Submitted',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

describe('DocumentStatusChip (issue 6, part 9: one label and colour per status)', () => {
  it.each(documentStatuses)('shows %s with its label and colour', (status) => {
    renderWithApp(<DocumentStatusChip status={status} />);
    const chip = screen.getByText(english[status]).closest('[data-status]');
    expect(chip?.getAttribute('data-status')).toBe(status);
    const colour = statusColours[status];
    expect(chip?.className).toContain(
      colour === 'default' ? 'MuiChip-colorDefault' : `MuiChip-color${colour[0]?.toUpperCase()}${colour.slice(1)}`,
    );
  });

  it('has a distinct label for every status in every language', () => {
    const { services } = renderWithApp(<span />);
    for (const language of ['en-us', 'sv', 'es']) {
      const t = services.i18n.getFixedT(language, 'app');
      const labels = documentStatuses.map((status) => t(`status.${status}`));
      expect(new Set(labels).size, language).toBe(documentStatuses.length);
      for (const label of labels) expect(label, language).not.toMatch(/^status\./);
    }
  });

  it('reads done green, failure red, awaiting payment amber', () => {
    expect(statusColours.signed).toBe('success');
    expect(statusColours['signed-and-paid']).toBe('success');
    expect(statusColours.error).toBe('error');
    expect(statusColours['awaiting-payment']).toBe('warning');
  });
});

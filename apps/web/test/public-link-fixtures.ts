import type { PublicLink } from '@signlink/contracts/public-links/public-links';
import type { TemplateSummary } from '@signlink/contracts/templates/templates';

/** A two-role template: the visitor is the customer; the witness is named by each visitor. */
export const membershipTemplate: TemplateSummary = {
  Id: 'doc_template1',
  Name: 'Membership',
  Language: 'en-us',
  AccessLevel: 'private',
  IsOwner: true,
  OwnerName: 'Demo Admin',
  Roles: [
    {
      SignatureIndex: 0,
      Role: 'Customer',
      SignatureType: 'e-signature',
      InvitationMethod: 'email',
      Name: '',
      Email: null,
      Phone: null,
    },
    {
      SignatureIndex: 1,
      Role: 'Witness',
      SignatureType: 'e-signature',
      InvitationMethod: 'email',
      Name: '',
      Email: null,
      Phone: null,
    },
  ],
  PageCount: 1,
  Created: '2026-11-01T10:00:00.000Z',
  Updated: '2026-11-01T10:00:00.000Z',
};

/** The template published, SMS-gated, with 12 visits and 5 submissions. */
export const clubLink: PublicLink = {
  Id: 'CLUB2345LINK6789',
  Name: 'Join the club',
  TemplateId: membershipTemplate.Id,
  DocumentId: 'doc_master1',
  Status: 'active',
  RequireBankID: false,
  RequireSMS: true,
  RequireEmail: false,
  Roles: membershipTemplate.Roles,
  IsOwner: true,
  Visits: 12,
  Submissions: 5,
  Url: 'http://localhost:3000/#/?link=CLUB2345LINK6789',
  Created: '2026-11-02T10:00:00.000Z',
  Updated: '2026-11-02T10:00:00.000Z',
};

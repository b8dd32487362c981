import type { MessageData, MessageKind } from '@signlink/contracts/messaging/message-kinds';

/**
 * Example data for every kind: the developer mailbox's "send a test message" and the template tests
 * render each kind from it. Names are long on purpose, to show how texts fit two SMS.
 */
export const sampleMessageData: { [K in MessageKind]: MessageData<K> } = {
  'verification-code': { code: '4821', purpose: 'registration', validMinutes: 10 },
  'document-invitation': {
    documentName: 'Hyresavtal för lägenhet 1204, Storgatan 12 – tillträde 1 januari',
    senderName: 'Anna Lindqvist',
    senderCompany: 'Lindqvist & Partner Fastigheter AB',
    message: 'Hej! Här är avtalet vi pratade om.\nHör av dig om något är oklart.',
    linkCode: 'DEMO7K2Q9XWE4R8T',
  },
  'document-reminder': {
    documentName: 'Hyresavtal för lägenhet 1204, Storgatan 12 – tillträde 1 januari',
    senderName: 'Anna Lindqvist',
    linkCode: 'DEMO7K2Q9XWE4R8T',
  },
  'document-completed': { documentName: 'Consulting agreement 2027', linkCode: 'DEMO7K2Q9XWE4R8T', pdf: 'attached' },
  'document-completed-owner': {
    documentName: 'Consulting agreement 2027',
    documentId: 'doc_demo',
    isPdfAttached: true,
  },
  'document-withdrawn': { documentName: 'Consulting agreement 2027', senderName: 'Anna Lindqvist' },
  'sign-pay-payment': {
    outcome: 'paid',
    documentName: 'Bike rental 2027',
    payeeName: 'Demo Company AB',
    amount: '1 250,00 kr',
    providerPaymentId: 'pi_3Demo7K2Q9XWE4R8T',
    linkCode: 'DEMO7K2Q9XWE4R8T',
  },
  'document-shared': {
    documentName: 'Consulting agreement 2027',
    senderName: 'Anna Lindqvist',
    linkCode: 'DEMO7K2Q9XWE4R8T',
  },
  'form-submitted': {
    documentName: 'Membership application',
    submitterName: 'Erik Johansson',
    linkCode: 'DEMO7K2Q9XWE4R8T',
  },
  'form-copy': {
    variant: 'submitted',
    documentName: 'Membership application',
    subject: 'Application from Erik Johansson',
    linkCode: 'DEMO7K2Q9XWE4R8T',
    formId: 'frm_demo',
    pdfToken: 'mf3k9xq.AbCdEfGhIjKlMnOpQrStUv',
  },
  'form-pending-receipt': { documentName: 'Membership application', linkCode: 'DEMO7K2Q9XWE4R8T' },
  'form-decision': {
    decision: 'approve',
    documentName: 'Membership application',
    linkCode: 'DEMO7K2Q9XWE4R8T',
    formId: 'frm_demo',
    pdfToken: 'mf3k9xq.AbCdEfGhIjKlMnOpQrStUv',
  },
  'delivery-failed': {
    documentName: 'Consulting agreement 2027',
    documentId: 'doc_demo',
    recipient: 'erik@example.com',
    reason: '550 5.1.1 User unknown',
  },
  'pin-reset': { resetId: 'rst_demo0000000000000000', validMinutes: 30 },
  'user-invitation': {
    accountName: 'Lindqvist & Partner Fastigheter AB',
    inviterName: 'Anna Lindqvist',
    invitationId: 'inv_demo0000000000000000',
  },
  'customer-invitation': {
    customerKind: 'company',
    partnerName: 'Lindqvist & Partner Fastigheter AB',
    inviterName: 'Anna Lindqvist',
    customerName: 'Andersson Konsult AB',
    invitationId: 'cin_demo0000000000000000',
  },
  receipt: {
    receiptId: 'R-2026-000123',
    description: 'Plan MEDIUM, 12 months',
    subtotalMinor: 1_190_000,
    vatMinor: 297_500,
    totalMinor: 1_487_500,
    currency: 'SEK',
    paidAt: '2026-11-23T10:15:00.000Z',
  },
  invoice: {
    invoiceNumber: 1042,
    ocrReference: '10422',
    totalMinor: 1_487_500,
    currency: 'SEK',
    dueAt: '2026-12-03T10:15:00.000Z',
    bankgiro: '5555-1055',
  },
  'webhook-disabled': { endpointUrl: 'https://hooks.example.com/signlink' },
  'gift-card': {
    code: 'GIFT-7KQ2-XW4R',
    valueMinor: 10_000,
    currency: 'SEK',
    expiresAt: '2027-11-23T00:00:00.000Z',
    senderName: 'Anna Lindqvist',
  },
};

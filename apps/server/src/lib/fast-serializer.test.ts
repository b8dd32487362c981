import { ZLinkAccessResponse } from '@signlink/contracts/links/link-access';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastSerializerCompiler } from './fast-serializer.ts';

const route = { method: 'POST', url: '/v2/linktinker/links/:linkID/access' };

describe('fastSerializerCompiler', () => {
  it('answers exactly what the app’s encoding serializer answers for the access response, unknown keys stripped', () => {
    const answer = {
      RequestToken: 'token',
      TokenExpiresAt: '2026-03-01T10:00:00.000Z',
      DocumentId: 'doc_1',
      Documents: [
        {
          Title: 'Agreement',
          Code: 'fil_1',
          PageCount: 1,
          PageSizes: [{ width: 595, height: 842, extra: 1 }],
          Rules: {
            fields: [
              {
                id: 'f1',
                type: 'signature',
                signatureIndex: 0,
                page: 1,
                x: 50,
                y: 600,
                width: 200,
                height: 60,
                required: true,
                name: 'Signature[0]',
              },
            ],
            access: { '0': 'key' },
            internal: 'not for recipients',
          },
        },
      ],
      UserData: [{ Type: 'fieldAccessKey', Value: 'key' }],
      Signatures: [
        {
          index: 0,
          type: 4,
          label: 'Sign 1',
          hasDefaultLabel: true,
          access: true,
          fields: ['f1'],
          signed: true,
          signedAt: '2026-03-01T10:05:00.000Z',
          nameClarificationIsConfirmed: false,
          clarifiedName: null,
          paid: false,
          requiresPayment: false,
          paymentLinkId: null,
          getPaidLabel: null,
          requireEmailVerification: false,
          filledValues: { 'Text[0]': 'Acme "AB"', 'Checkbox[0]': true, 'Checkbox[1]': false },
        },
      ],
      Aggregates: {
        allSigned: false,
        anySigned: false,
        userAllSigned: false,
        lastSignByMe: false,
        allPaid: true,
        userAllPaid: true,
        lastPaymentByMe: false,
      },
      State: 'open',
      SealedPdfAvailable: false,
      Messages: { Document: 'Please sign "today"', Personal: null },
      Settings: {
        allowPrinting: true,
        allowDownloading: true,
        allowNameClarification: false,
        disableSubmit: false,
        enableSharing: false,
        requireFormApproval: false,
      },
      secret: 'never sent',
    };
    const serialize = fastSerializerCompiler({ schema: ZLinkAccessResponse });
    const ours = serialize(answer);
    const theirs = serializerCompiler({ schema: ZLinkAccessResponse, ...route })(answer);
    expect(ours).toBe(theirs);
    // The other shapes of the same answer: no rules asked for, a slot not yet signed, another gate's user data.
    const unsigned = {
      ...answer,
      Documents: answer.Documents.map((document) => ({ ...document, Rules: null })),
      Signatures: answer.Signatures.map((slot) => ({
        ...slot,
        signed: false,
        signedAt: null,
        clarifiedName: 'Åsa "Ö"',
        filledValues: {},
      })),
      UserData: [{ Type: 'phoneNumber', Value: '+46701234567' }],
      State: 'withdrawn',
      Messages: { Document: null, Personal: 'Hej Åsa\nTack!' },
    };
    expect(serialize(unsigned)).toBe(serializerCompiler({ schema: ZLinkAccessResponse, ...route })(unsigned));
    expect(ours).not.toContain('never sent');
    expect(ours).not.toContain('not for recipients');
    expect(ours).not.toContain('extra');
  });

  it('refuses an answer that lacks a required key', () => {
    const serialize = fastSerializerCompiler({
      schema: z.object({ count: z.number().int(), note: z.string().nullable() }),
    });
    expect(serialize({ count: 2, note: null })).toBe('{"count":2,"note":null}');
    expect(() => serialize({ note: null })).toThrow(/count/);
    expect(() => serialize({ count: 2 })).toThrow(/note/);
  });
});

import { pdfBlankett, signlink } from '@signlink/brands/brands';
import { resolveBrand } from '@signlink/brands/resolve-brand';
import { describe, expect, it } from 'vitest';
import { developerRouteNames, entryRedirect, hashRouteNames, specRouteNames } from './entry-redirect.ts';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('entryRedirect (SPEC section 2)', () => {
  it('lists exactly the seventeen names of the spec', () => {
    expect([...specRouteNames].sort()).toEqual(
      [
        'login',
        'dashboard',
        'inbox',
        'sent',
        'archived',
        'templates',
        'links',
        'create',
        'sign-and-send',
        'sign-up',
        'bankid',
        'createaccount',
        'resetpin',
        'paymentsuccess',
        'paymentreturn',
        'subscriptionpaymentreturn',
        'oauth',
      ].sort(),
    );
  });

  it('adds only dev, for the developer mailbox, to them', () => {
    expect(developerRouteNames).toEqual(['dev']);
    expect([...hashRouteNames].sort()).toEqual([...specRouteNames, 'dev'].sort());
  });

  it('moves the developer mailbox typed into the address bar to its hash route', () => {
    expect(entryRedirect(at('/dev/mailbox'), signlink.homeRoute)).toBe('/#/dev/mailbox');
    expect(entryRedirect(at('/dev/mailbox/', '?recipient=a%40b.se'), pdfBlankett.homeRoute)).toBe(
      '/#/dev/mailbox?recipient=a%40b.se',
    );
    // Only the exact segment: a link id that merely starts with it is still a link id.
    expect(entryRedirect(at('/DEVELOPER1'), signlink.homeRoute)).toBe('/#/?link=DEVELOPER1');
  });

  it.each(hashRouteNames)('moves /%s under the hash route', (name) => {
    expect(entryRedirect(at(`/${name}`), signlink.homeRoute)).toBe(`/#/${name}`);
  });

  it.each(hashRouteNames)('keeps the query string of /%s', (name) => {
    expect(entryRedirect(at(`/${name}`, '?x=1&y=two'), signlink.homeRoute)).toBe(`/#/${name}?x=1&y=two`);
  });

  it('keeps the rest of the path', () => {
    expect(entryRedirect(at('/resetpin/abc'), signlink.homeRoute)).toBe('/#/resetpin/abc');
    expect(entryRedirect(at('/login/', '?x=1'), signlink.homeRoute)).toBe('/#/login?x=1');
  });

  it('treats any other first segment as a document link id for the recipient view', () => {
    expect(entryRedirect(at('/ABC123'), signlink.homeRoute)).toBe('/#/?link=ABC123');
    expect(entryRedirect(at('/ABC123', '?lang=sv'), signlink.homeRoute)).toBe('/#/?link=ABC123&lang=sv');
    // A `link` parameter in the query cannot override the id in the path.
    expect(entryRedirect(at('/ABC123', '?link=OTHER&a=1'), signlink.homeRoute)).toBe('/#/?link=ABC123&a=1');
  });

  it('does not mistake names that only start like a route for one', () => {
    expect(entryRedirect(at('/loginX'), signlink.homeRoute)).toBe('/#/?link=loginX');
    expect(entryRedirect(at('/Login'), signlink.homeRoute)).toBe('/#/?link=Login');
  });

  it('sends an empty path with a hash root to the brand home', () => {
    for (const hash of ['', '#', '#/']) {
      expect(entryRedirect(at('/', '', hash), signlink.homeRoute)).toBe('/#/dashboard');
      expect(entryRedirect(at('/', '', hash), pdfBlankett.homeRoute)).toBe('/#/pdfblankett');
    }
    expect(entryRedirect(at('/', '?debugme', '#/'), signlink.homeRoute)).toBe('/#/dashboard?debugme');
  });

  it('picks the home by the brand resolved from the host', () => {
    const home = (host: string) => resolveBrand(host).homeRoute;
    expect(entryRedirect(at('/'), home('signlink.app'))).toBe('/#/dashboard');
    expect(entryRedirect(at('/'), home('www.pdfblankett.se'))).toBe('/#/pdfblankett');
    expect(entryRedirect(at('/'), home('pdfblankett.localhost:4173'))).toBe('/#/pdfblankett');
  });

  it('leaves the page alone when it is already on a hash route', () => {
    expect(entryRedirect(at('/', '', '#/sent'), signlink.homeRoute)).toBeNull();
    expect(entryRedirect(at('/', '', '#/?link=ABC123'), signlink.homeRoute)).toBeNull();
    expect(entryRedirect(at('/index.html', '', '#/inbox'), signlink.homeRoute)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { forgetReturnTo, readReturnTo, rememberReturnTo } from './return-to.ts';

describe('return-to (where login brings the person back)', () => {
  it.each(['/sent', '/sent?filter=7', '/document/AB12', '/settings/preferences', '/register/inv_1', '/oauth?a=b%2Fc'])(
    'keeps the app path %s',
    (path) => {
      rememberReturnTo(path);
      expect(readReturnTo()).toBe(path);
      forgetReturnTo();
      expect(readReturnTo()).toBeNull();
    },
  );

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example', 'sent', '/sent#x', '/a b', '/x?"><script>'])(
    'refuses %s',
    (path) => {
      rememberReturnTo(path);
      expect(readReturnTo()).toBeNull();
      // Nor does it trust what someone else put in the storage.
      sessionStorage.setItem('signlink.returnTo', path);
      expect(readReturnTo()).toBeNull();
    },
  );
});

import { describe, expect, it } from 'vitest';
import { androidIntentUrl, detectInAppBrowser, entryPathOf } from './in-app-browser.ts';

/** Real user agents, as the apps' web views send them. */
const inApp: [string, string, string][] = [
  [
    'Facebook',
    'ios',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/16.5;FBSS/3;FBID/phone;FBLC/sv_SE;FBOP/5;FBRV/0]',
  ],
  [
    'Facebook',
    'android',
    'Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/430.0.0.23.113;]',
  ],
  [
    'Messenger',
    'ios',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/422.0.0.35.110;FBBV/512121226;FBDV/iPhone13,2;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/3;FBCR/;FBID/phone;FBLC/sv_SE;FBOP/5]',
  ],
  [
    'Instagram',
    'ios',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 295.0.0.21.109 (iPhone13,2; iOS 16_6; sv_SE; sv; scale=3.00; 1170x2532; 502371587)',
  ],
  [
    'Instagram',
    'android',
    'Mozilla/5.0 (Linux; Android 12; Pixel 6 Build/SD1A.210817.036; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/94.0.4606.71 Mobile Safari/537.36 Instagram 206.1.0.34.121 Android (31/12; 420dpi; 1080x2209; Google/google; Pixel 6; oriole; oriole; en_US; 320922800)',
  ],
  [
    'LinkedIn',
    'ios',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.27.6522',
  ],
  [
    'LINE',
    'ios',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 15_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/12.5.0',
  ],
  [
    'WeChat',
    'android',
    'Mozilla/5.0 (Linux; Android 10; V1914A Build/QP1A.190711.020; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.62 XWEB/2691 MMWEBSDK/200901 Mobile Safari/537.36 MMWEBID/4773 MicroMessenger/7.0.19.1760(0x27001335) Process/toolsmp WeChat/arm64 NetType/WIFI Language/zh_CN ABI/arm64',
  ],
  [
    'TikTok',
    'ios',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_28.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/sv Region/SE RevealType/Dialog isDarkMode/0 WKWebView/1 BytedanceWebview/d8a21c6',
  ],
  [
    'TikTok',
    'android',
    'Mozilla/5.0 (Linux; Android 12; SM-A525F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/110.0.5481.153 Mobile Safari/537.36 trill_280403 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/28.4.3 ByteLocale/sv ByteFullLocale/sv Region/SE BytedanceWebview/d8a21c6',
  ],
  [
    'Snapchat',
    'ios',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.35.0.36 (like Safari/8615.2.9.10.4, panda)',
  ],
  [
    'Google',
    'ios',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/280.0.563484107 Mobile/15E148 Safari/604.1',
  ],
];

/** Browsers of their own, where BankID and downloads work. */
const browsers = [
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:121.0) Gecko/20100101 Firefox/121.0',
  // The Google app on Android hands links to Chrome's custom tabs.
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 GSA/14.46.29.29.arm64',
  'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
];

describe('detectInAppBrowser', () => {
  it.each(inApp)('knows %s on %s', (app, platform, userAgent) => {
    expect(detectInAppBrowser(userAgent)).toEqual({ app, platform });
  });

  it.each(browsers)('leaves a browser of its own alone: %s', (userAgent) => {
    expect(detectInAppBrowser(userAgent)).toBeNull();
  });
});

describe('androidIntentUrl', () => {
  it('opens a document link in Chrome by its entry path, with the same address as the fallback', () => {
    expect(androidIntentUrl('https://signlink.app/#/?link=ABC12345&lang=sv')).toBe(
      'intent://signlink.app/ABC12345?lang=sv#Intent;scheme=https;package=com.android.chrome;S.browser_fallback_url=https%3A%2F%2Fsignlink.app%2FABC12345%3Flang%3Dsv;end',
    );
  });

  it('keeps a port and the plain http of a local server', () => {
    expect(androidIntentUrl('http://localhost:3000/#/login')).toBe(
      'intent://localhost:3000/login#Intent;scheme=http;package=com.android.chrome;S.browser_fallback_url=http%3A%2F%2Flocalhost%3A3000%2Flogin;end',
    );
  });
});

describe('entryPathOf', () => {
  it('gives the entry path that leads back to the same screen', () => {
    expect(entryPathOf('https://x.example/#/?link=A%2FB')).toBe('/A%2FB');
    expect(entryPathOf('https://x.example/#/createaccount?referral=R1')).toBe('/createaccount?referral=R1');
    // Not in the entry list: the page itself, without its hash.
    expect(entryPathOf('https://x.example/app/?x=1#/settings/users')).toBe('/app/?x=1');
  });
});

import { describe, expect, it } from 'vitest';
import { SecretDetector } from '../../../src/scanners/secrets/detect.js';
import { SECRET_RULES } from '../../../src/scanners/secrets/rules/index.js';
import { contextWords, enclosingHeaders, fileOffset, isIdentifierKey, sectionView } from '../../../src/scanners/secrets/sections.js';

// Built at run time from pieces: no token-shaped literal in the source.
const TWILIO = ['e4e18f639e22b1a6', 'a6b20637aab0492d'].join('');
const ELEVEN = ['sk_d0f7716a64d732ae14003c7cd', 'ecea46d25eed87445fcb2e7'].join('');
const detector = new SecretDetector(SECRET_RULES);
const scan = (path: string, text: string) => detector.scan(path, text).map((m) => ({ rule: m.rule.id, line: m.line, secret: m.secret }));
const rule = (id: string) => SECRET_RULES.find((r) => r.id === id) ?? expect.fail(id);

describe('sectionView', () => {
  const viewOf = (text: string, word: string) => {
    const offset = text.indexOf(word);
    const end = text.indexOf('\n', offset);
    return sectionView(text, [text.lastIndexOf('\n', offset) + 1, end === -1 ? text.length : end], offset, word.length);
  };

  it('rewrites each entry of the block as <header>_<entry>, mapping back to the file character for character', () => {
    const text = `other: 1\ntwilio:\n  region: us1\n  auth_token: ${TWILIO} # primary\nnext: 2\n`;
    const view = viewOf(text, 'twilio') ?? expect.fail('no view');
    expect(view.text).toBe(`twilio_auth_token: ${TWILIO} # primary`);
    const at = view.text.indexOf(TWILIO);
    expect(text.slice(fileOffset(view, at), (fileOffset(view, at) ?? 0) + TWILIO.length)).toBe(TWILIO);
    // Inside the head the view writes itself, nothing maps back.
    expect(fileOffset(view, 2)).toBeUndefined();
  });

  it.each([
    ['YAML', `twilio:\n  auth_token: x1\nafter: x2\n`, ['twilio_auth_token: x1']],
    ['YAML list item', `- twilio:\n    auth_token: x1\n  sibling: x2\n- other: x3\n`, ['twilio_auth_token: x1']],
    ['YAML sequence at the key’s indent', `twilio:\n- auth_token: x1\nafter: x2\n`, ['twilio_auth_token: x1']],
    ['INI', `[twilio]\nauth_token = x1\n; comment\n\n[other]\nkey = x2\n`, ['twilio_auth_token = x1']],
    ['TOML dotted table', `[services.twilio]\nauth_token = "x1"\n`, ['services.twilio_auth_token = "x1"']],
    ['JSON', `{\n  "Twilio": {\n    "AuthToken": "x1",\n    "Nested": { "Key": "x2" }\n  },\n  "Other": "x3"\n}\n`, ['Twilio_AuthToken": "x1",', 'Twilio_Nested": { "Key": "x2" }']],
    ['HCL', `provider "twilio" {\n  auth_token = "x1"\n}\nother = "x2"\n`, ['twilio_auth_token = "x1"']],
    ['JS', `const twilio = {\n  authToken: 'x1', // "}"\n};\nconst other = 'x2';\n`, ["twilio_authToken: 'x1', // \"}\""]],
    ['XML element', `<twilio enabled="true">\n  <authToken>x1</authToken>\n  <add key="Secret" value="x2" />\n</twilio>\n<other>x3</other>\n`, ['twilio_authToken=x1</authToken>', 'twilio_Secret="x2" />']],
  ])('%s', (_kind, text, lines) => {
    expect(viewOf(text, text.includes('Twilio') ? 'Twilio' : 'twilio')?.text.split('\n')).toEqual(lines);
  });

  it('needs the word at the start of one of the header’s words, and a header', () => {
    expect(viewOf('laws:\n  secret: x1\n', 'aws')).toBeUndefined();
    expect(viewOf('TwilioSettings:\n  token: x1\n', 'Twilio')?.text).toBe('TwilioSettings_token: x1');
    expect(viewOf('myTwilio:\n  token: x1\n', 'Twilio')?.text).toBe('myTwilio_token: x1');
    expect(viewOf('twilio: enabled\n  token: x1\n', 'twilio')).toBeUndefined();
    expect(viewOf('if twilio {\n  token = "x1"\n}\n', 'twilio')).toBeUndefined();
  });

  it('leaves out keys that name an id or an address', () => {
    expect(viewOf('twilio:\n  account_sid: AC1\n  apiUrl: https://x\n  projectId: p\n', 'twilio')).toBeUndefined();
    expect(['projectId', 'PROJECT_ID', 'AccountSID', 'api_url', 'ClientId'].filter(isIdentifierKey)).toHaveLength(5);
    expect(['auth_token', 'AuthToken', 'valid', 'paid', 'client_secret'].filter(isIdentifierKey)).toEqual([]);
  });

  it('leaves out keys that describe rather than hold (a CRD schema under a provider-named key)', () => {
    const crd = 'pagerDutyImageConfigs:\n  description: PagerDutyImageConfig attaches images\n  type: array\n';
    expect(viewOf(crd, 'pagerDuty')).toBeUndefined();
    expect(scan('crds/alertmanager.yaml', crd)).toEqual([]);
  });

  it('reads files with CRLF line ends', () => {
    expect(viewOf('twilio:\r\n  auth_token: x1\r\n', 'twilio')?.text).toBe('twilio_auth_token: x1');
  });
});

describe('enclosingHeaders', () => {
  const at = (text: string, value: string) => enclosingHeaders(text, text.indexOf(value), 3);
  it.each([
    ['YAML', 'a:\n  b:\n    c: 1\n    d: V\n', ['b', 'a']],
    ['JSON', '{\n  "a": {\n    "b": {\n      "d": "V"\n    }\n  }\n}\n', ['b', 'a']],
    ['INI', '[a]\nc = 1\nd = V\n', ['a']],
    ['XML', '<a>\n  <b>\n    <d>V</d>\n  </b>\n</a>\n', ['b', 'a']],
  ])('%s', (_kind, text, headers) => {
    expect(at(text, 'V')).toEqual(headers);
  });
});

describe('provider sections in the detector', () => {
  it('reports a context-keyed provider rule under its provider’s section, on the value’s line', () => {
    expect(scan('config/app.yaml', `providers:\n  twilio:\n    account_sid: AC0\n    region: us1\n    from: "+15550100"\n    auth_token: ${TWILIO}\n`)).toEqual([{ rule: 'twilio-auth-token', line: 6, secret: TWILIO }]);
    expect(scan('config/app.yaml', `elevenlabs:\n  api_key: ${ELEVEN}\n`)).toEqual([{ rule: 'elevenlabs-api-key', line: 2, secret: ELEVEN }]);
  });

  it('does not carry the provider past the end of its block', () => {
    for (const text of [`twilio:\n  region: us1\nother:\n  auth_token: ${TWILIO}\n`, `[twilio]\nregion = us1\n[other]\nauth_token = ${TWILIO}\n`, `{\n  "twilio": {\n    "region": "us1"\n  },\n  "other": {\n    "auth_token": "${TWILIO}"\n  }\n}\n`]) {
      expect(scan('config/app.yaml', text).map((f) => f.rule), text).not.toContain('twilio-auth-token');
    }
  });

  it('keeps the generic rule quiet for client-side ids under their provider’s section', () => {
    const hex = ['9f86d081884c7d65', '9a2feaa0c55ad015'].join('');
    expect(scan('config/app.yaml', `datadog:\n  site: datadoghq.eu\n  client_token: pub${hex}\n`)).toEqual([]);
    expect(scan('appsettings.json', `{\n  "Mixpanel": {\n    "ProjectToken": "${hex}"\n  }\n}\n`)).toEqual([]);
    expect(scan('conf/app.xml', `<infura>\n  <projectId>${hex}</projectId>\n</infura>\n`)).toEqual([]);
  });
});

describe('contextWords', () => {
  it('are a rule’s plain-word keywords, less credential words, or what it says', () => {
    expect(contextWords(rule('twilio-auth-token'))).toEqual(['twilio']);
    expect(contextWords(rule('aws-secret-access-key'))).toEqual(['aws', 'amazon']);
    expect(contextWords(rule('privateai-api-key'))).toEqual(['privateai', 'private_ai', 'private-ai']);
    expect(contextWords(rule('elevenlabs-api-key'))).toEqual(['eleven']);
    expect(contextWords(rule('generic-secret-assignment'))).toEqual([]);
    expect(contextWords(rule('github-token'))).toEqual([]);
  });
});

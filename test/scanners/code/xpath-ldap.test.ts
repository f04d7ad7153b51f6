import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('xpath-injection and ldap-injection', () => {
  it('reports ElementTree paths with XPath syntax built from request data, not string find()', async () => {
    const code = [
      'import xml.etree.ElementTree as ET',
      "@app.route('/e')",
      'def e():',
      "    name = request.args.get('name', '')",
      "    root = ET.parse('users.xml').getroot()",
      "    hit = root.findall(f\".//user[@name='{name}']\")",
      "    pos = request.args.get('q', '').find(name)",
      '    run = ET.XPath if False else None',
      '    return str(hit)',
    ].join('\n');
    expect(byRule(await scan('app/views.py', code), 'xpath-injection').map((f) => f.line)).toEqual([6]);
  });

  it('reports ldap3 and python-ldap filters with request data, not escaped ones', async () => {
    const code = [
      'import ldap',
      'from ldap3.utils.conv import escape_filter_chars',
      "@app.route('/p')",
      'def p():',
      "    uid = request.args.get('uid', '')",
      "    l.search_s('dc=example,dc=org', ldap.SCOPE_SUBTREE, '(uid=' + uid + ')')",
      "    conn.search('dc=example,dc=org', '(uid=%s)' % escape_filter_chars(uid))",
      "    return ''",
    ].join('\n');
    expect(byRule(await scan('app/views.py', code), 'ldap-injection').map((f) => f.line)).toEqual([6]);
  });
});

describe('taint through string buffers', () => {
  it('follows request data written into a StringIO into the XPath it builds', async () => {
    const code = [
      'import io',
      'import elementpath',
      'from lxml import etree',
      "@app.route('/x')",
      'def x():',
      "    emp = request.args.get('id', '')",
      '    buf = io.StringIO()',
      "    buf.write('/Employees/Employee[@id=')",
      '    buf.write(emp)',
      "    buf.write(']')",
      '    nodes = etree.parse(PATH).xpath(buf.getvalue())',
      "    more = elementpath.select(etree.parse(PATH), f\"//e[@id='{emp}']\")",
      '    return str(nodes)',
    ].join('\n');
    expect(byRule(await scan('app/views.py', code), 'xpath-injection').map((f) => f.line)).toEqual([11, 12]);
  });
});

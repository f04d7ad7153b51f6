import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

const saxView = (document: string) =>
  [
    'import xml.dom.minidom',
    'import xml.sax',
    'import xml.sax.handler',
    '',
    "@app.route('/xml', methods=['POST'])",
    'def upload():',
    '    parser = xml.sax.make_parser()',
    '    parser.setFeature(xml.sax.handler.feature_external_ges, True)',
    `    doc = xml.dom.minidom.parseString(${document}, parser)`,
    '    return doc.documentElement.tagName',
  ].join('\n');

describe('xxe: what a Python parser with external entities on is given', () => {
  it('request data parsed by a SAX parser with feature_external_ges: a proven flow', async () => {
    const [f, ...rest] = byRule(await scan('app.py', saxView('request.data')), 'xxe');
    expect(rest).toEqual([]);
    expect(f?.line).toBe(8);
    expect(f?.confidence).toBe(0.9);
    expect(f?.description).toContain('request.data');
  });

  it('a literal document: nothing an attacker controls, not reported', async () => {
    expect(byRule(await scan('app.py', saxView("'<a>constant</a>'")), 'xxe')).toEqual([]);
  });

  it('a document of unknown origin keeps the configuration finding', async () => {
    const findings = byRule(await scan('app.py', saxView('load_document()')), 'xxe');
    expect(findings).toHaveLength(1);
    expect(findings[0]?.confidence).toBe(0.7);
  });

  it('lxml: XMLParser(resolve_entities=True) given request data through parser=', async () => {
    const code = [
      'from lxml import etree',
      '',
      "@app.route('/x', methods=['POST'])",
      'def x():',
      '    parser = etree.XMLParser(resolve_entities=True)',
      '    tree = etree.fromstring(request.get_data(), parser=parser)',
      '    return tree.tag',
    ].join('\n');
    const [f] = byRule(await scan('app.py', code), 'xxe');
    expect(f?.line).toBe(5);
    expect(f?.confidence).toBe(0.9);
  });

  it('lxml: the same parser on a constant document is not reported', async () => {
    const code = [
      'from lxml import etree',
      "TEMPLATE = '<config><a>1</a></config>'",
      '',
      'def load():',
      '    parser = etree.XMLParser(resolve_entities=True)',
      '    return etree.fromstring(TEMPLATE, parser)',
    ].join('\n');
    expect(byRule(await scan('app.py', code), 'xxe')).toEqual([]);
  });
});

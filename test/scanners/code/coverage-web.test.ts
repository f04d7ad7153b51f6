import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

describe('coverage: MongoDB legacy update, Angular and Vue HTML bindings', () => {
  it('reports a legacy update() whose filter holds request data, not a hash update()', async () => {
    const code = [
      "const crypto = require('crypto');",
      "app.patch('/rest/products/reviews', (req, res) => {",
      '  db.reviews.update({ _id: req.body.id }, { $set: { message: req.body.message } }, { multi: true });',
      "  const digest = crypto.createHash('sha256').update(req.body.message).digest('hex');",
      '  db.reviews.update({ _id: String(req.body.id) }, { $set: { seen: true } });',
      '});',
    ].join('\n');
    expect(byRule(await scan('routes/reviews.js', code), 'nosql-injection').map((f) => f.line)).toEqual([3]);
  });

  it('does not report filters holding only always-string request values (route parameters, Flask args)', async () => {
    const js = [
      "app.put('/orders/:id', async (req, res) => {",
      '  await orders.update({ _id: req.params.id }, { $set: { delivered: true } });',
      '  const id = req.params.id;',
      '  await orders.findOne({ _id: id });',
      '  await orders.findOne({ _id: req.query.id });',
      '});',
    ].join('\n');
    expect(byRule(await scan('routes/orders.js', js), 'nosql-injection').map((f) => f.line)).toEqual([5]);
    const py = [
      'from flask import request',
      "@app.route('/u')",
      'def u():',
      "    a = db.users.find_one({'name': request.args.get('name')})",
      "    b = db.users.find_one({'name': request.get_json()['name']})",
      '    return str(a or b)',
    ].join('\n');
    expect(byRule(await scan('app.py', py), 'nosql-injection').map((f) => f.line)).toEqual([5]);
  });

  it('reports Angular bypassSecurityTrust* of a variable, not of a literal', async () => {
    const code = [
      '@Component({ selector: "app-search", templateUrl: "./search.html" })',
      'export class SearchResultComponent {',
      '  constructor(private sanitizer: DomSanitizer) {}',
      '  show(queryParam: string) {',
      '    this.searchValue = this.sanitizer.bypassSecurityTrustHtml(queryParam);',
      '    this.logo = this.sanitizer.bypassSecurityTrustResourceUrl("assets/logo.svg");',
      '  }',
      '}',
    ].join('\n');
    expect(byRule(await scan('src/app/search.component.ts', code), 'dom-xss').map((f) => f.line)).toEqual([5]);
  });

  it('reports [innerHTML] and v-html bindings in inline templates, not text interpolation', async () => {
    const code = [
      '@Component({',
      "  selector: 'app-bio',",
      '  template: `<div [innerHTML]="user.bio"></div><p>{{ user.name }}</p>`,',
      '})',
      'export class BioComponent {}',
      "const Comment = { props: ['body'], template: '<div v-html=\"body\"></div>' };",
      "const Safe = { props: ['body'], template: '<div>{{ body }}</div>' };",
    ].join('\n');
    expect(byRule(await scan('src/app/bio.component.ts', code), 'dom-xss').map((f) => [f.line, f.severity])).toEqual([
      [3, 'MEDIUM'],
      [6, 'HIGH'],
    ]);
  });
});

describe('coverage: Angular and Vue template files', () => {
  it('reports [innerHTML] in an Angular template and v-html in a Vue component at their line', async () => {
    const angular = '<div class="results">\n  <p>{{ searchValue }}</p>\n  <span [innerHTML]="searchValue"></span>\n  <span [innerHTML]="\'<b>fixed</b>\'"></span>\n</div>\n';
    const vue = '<template>\n  <article>\n    <div v-html="comment.body"></div>\n    <div>{{ comment.author }}</div>\n  </article>\n</template>\n<script>\nexport default { props: ["comment"] };\n</script>\n';
    const a = byRule(await scan('src/app/search/search.component.html', angular), 'dom-xss');
    const v = byRule(await scan('src/components/Comment.vue', vue), 'dom-xss');
    // Angular sanitises [innerHTML] unless the value was marked trusted (reported HIGH at the bypass call); Vue does not.
    expect(a.map((f) => [f.line, f.column, f.cwe, f.severity])).toEqual([[3, 9, 'CWE-79', 'MEDIUM']]);
    expect(v.map((f) => [f.line, f.severity])).toEqual([[3, 'HIGH']]);
    expect(v[0]?.evidence).toBe('<div v-html="comment.body"></div>');
  });

  it('ignores plain HTML pages and vendored templates', async () => {
    expect(await scan('public/index.html', '<html><body><div id="app"></div></body></html>')).toEqual([]);
    expect(await scan('node_modules/x/t.html', '<span [innerHTML]="x"></span>')).toEqual([]);
  });
});

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
    expect(byRule(await scan('src/app/bio.component.ts', code), 'dom-xss').map((f) => f.line)).toEqual([3, 6]);
  });
});

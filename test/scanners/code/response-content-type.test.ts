import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

const node = (head: string) =>
  [
    "const http = require('http');",
    'http.createServer((req, res) => {',
    `  ${head}`,
    "  res.end('<p>No route for ' + req.url + '</p>');",
    '}).listen(8080);',
  ].join('\n');

describe('reflected-xss: a response that declares a non-HTML content type is not markup', () => {
  it('reports a Node response with no content type or an HTML one', async () => {
    expect(byRule(await scan('server.js', node('res.statusCode = 404;')), 'reflected-xss').map((f) => f.line)).toEqual([4]);
    expect(byRule(await scan('server.js', node("res.writeHead(404, { 'content-type': 'text/html' });")), 'reflected-xss').map((f) => f.line)).toEqual([4]);
  });

  it('does not report JSON or plain text declared with writeHead, setHeader or res.type', async () => {
    for (const head of [
      "res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });",
      "res.setHeader('Content-Type', 'text/plain');",
      "res.writeHead(200, { 'Content-Type': 'application/problem+json' });",
    ]) {
      expect(byRule(await scan('server.js', node(head)), 'reflected-xss'), head).toEqual([]);
    }
    const express = "app.get('/x', (req, res) => {\n  res.type('json');\n  res.send('{\"q\": \"' + req.query.q + '\"}');\n});";
    expect(byRule(await scan('app.js', express), 'reflected-xss')).toEqual([]);
  });

  it('a declaration in another handler does not count', async () => {
    const code = [
      "app.get('/a', (req, res) => { res.set('Content-Type', 'application/json'); res.send('{}'); });",
      "app.get('/b', (req, res) => { res.send('<b>' + req.query.q + '</b>'); });",
    ].join('\n');
    expect(byRule(await scan('app.js', code), 'reflected-xss').map((f) => f.line)).toEqual([2]);
  });
});

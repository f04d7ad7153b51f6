import { unwrap } from '../ast.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { argument, hasFixedOrigin, isClientSource, option } from '../sinks.js';
import { all } from '../prefilter.js';
import { JS_SERVER_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../taint.js';

const JS_CLIENTS = new Set(['fetch', 'node-fetch', 'undici.fetch', 'undici.request', 'axios', 'got', 'needle', 'superagent', 'request', 'ky']);
const JS_CLIENT_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'request', 'stream']);
const JS_HTTP = new Set(['http.get', 'http.request', 'https.get', 'https.request']);
const PY_CLIENTS = new Set(['requests', 'httpx', 'urllib.request', 'urllib3', 'aiohttp']);
const PY_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'request', 'urlopen', 'stream']);

function target(ctx: RuleContext, q: string, method: string): boolean {
  if (ctx.language === 'python') {
    const mod = q.slice(0, q.lastIndexOf('.'));
    return (PY_CLIENTS.has(mod) || q === 'urlopen' || q === 'urllib.request.urlopen') && PY_METHODS.has(method);
  }
  if (JS_CLIENTS.has(q) || JS_HTTP.has(q)) return true;
  const dot = q.lastIndexOf('.');
  return dot > 0 && JS_CLIENTS.has(q.slice(0, dot)) && JS_CLIENT_METHODS.has(method);
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.isNew || !target(ctx, call.qualified, call.method)) continue;
    const first = argument(call, 0, 'url');
    const url = first && unwrap(first).type === 'object' ? option(ctx, call, 'url') ?? option(ctx, call, 'hostname') ?? option(ctx, call, 'host') : ctx.language === 'python' && call.method === 'request' ? argument(call, 1, 'url') : first;
    if (hasFixedOrigin(ctx, url)) continue;
    const taint = ctx.taint.taintOf(url, 'url');
    if (taint && !isClientSource(taint.source)) out.push({ node: call.node, taint, detail: `Request data from ${ctx.taint.describe(taint)} reaches the URL of \`${call.name}\`.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'ssrf',
  title: 'Server-side request to a URL from untrusted data',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-918',
  owasp: OWASP.ssrf,
  languages: JS_AND_PYTHON,
  description: 'The server sends an HTTP request to a URL taken from the request, so a client can make it reach internal services or cloud metadata endpoints.',
  remediation: 'Do not fetch client-supplied URLs; map an identifier to a configured URL, or check the parsed host against an allow-list and block private, loopback and link-local addresses after DNS resolution.',
  docs: {
    summary:
      'HTTP clients (`fetch`, axios, got, needle, superagent, `http(s).get/request`; Python requests, httpx, urllib, urllib3, aiohttp) whose URL, or `url`/`host` option, is derived from server-side request data. Only proven flows are reported; a URL starting with a constant scheme and host (`https://api.example.com/items/${id}`) is not.',
    examples: [
      {
        language: 'javascript',
        bad: "import axios from 'axios';\napp.get('/preview', async (req, res) => {\n  const page = await axios.get(req.query.url);\n  res.send(page.data);\n});",
        good: "import axios from 'axios';\nconst SOURCES = { docs: 'https://docs.example.com/feed' };\napp.get('/preview', async (req, res) => {\n  const page = await axios.get(SOURCES.docs);\n  res.send(page.data);\n});",
      },
      {
        language: 'python',
        bad: "import requests\n\n@app.route('/preview')\ndef preview():\n    url = request.args.get('url')\n    return requests.get(url, timeout=5).text",
        good: "import requests\n\n@app.route('/preview')\ndef preview():\n    return requests.get(FEED_URL, timeout=5).text",
      },
    ],
  },
  match,
  triggers: {
    js: [all(['fetch', 'undici', 'axios', 'got', 'needle', 'superagent', 'request', 'ky', 'http', 'https'], JS_SERVER_SOURCE_TRIGGERS)],
    python: [all(['requests', 'httpx', 'urllib', 'urllib3', 'aiohttp', 'urlopen'], PYTHON_SOURCE_TRIGGERS)],
  },
});

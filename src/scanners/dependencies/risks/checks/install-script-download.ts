import { OWASP } from '../../../../core/rules.js';
import type { RawFinding, Severity } from '../../../../core/findings.js';
import { defineRiskCheck, finding, findLine, isRecord, isThirdParty, lineAt, parseJsonObject } from '../shared.js';
import type { DependencyFile, RiskContext } from '../types.js';

/** Scripts npm, yarn, pnpm or bun run on `install` (of this package, or of it as a git dependency) or publish. */
const LIFECYCLE = new Set([
  'preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare', 'prepublish', 'prepack', 'postpack', 'dependencies',
]);

const MAX_SCRIPT = 4000;
const FETCHER = String.raw`(?:curl|wget|fetch|iwr|irm|Invoke-WebRequest|Invoke-RestMethod|aria2c|http)`;
const SHELL = String.raw`(?:sudo\s+)?(?:sh|bash|zsh|dash|ksh|node|python[0-9.]*|perl|ruby|php|pwsh|powershell|iex|Invoke-Expression)`;

/** Patterns that fetch code and run it in one step. Each is bounded to one command (no `;`, `&` or newline) and free of nested repetition. */
export const EXECUTE_PATTERNS: readonly RegExp[] = [
  // curl … | sh, wget -O- | bash, iwr … | iex
  new RegExp(String.raw`\b${FETCHER}\b[^;&|\n]{0,400}\|\s*${SHELL}\b`, 'i'),
  // bash <(curl …), sh -c "$(curl …)", iex (iwr …)
  new RegExp(String.raw`(?:<\(|\$\(|\biex\s*\(?)\s*${FETCHER}\b`, 'i'),
  // node -e / python -c / perl -e with a URL or an HTTP client in the inline code
  /\b(?:node|deno|bun|python[0-9.]*|perl|ruby)\s+(?:-e|--eval|-p|--print|-c)\s[^\n]{0,1000}?(?:https?:\/\/|require\(\s*["'`]https?["'`]\s*\)|\bfetch\(|urllib|urlopen|requests\.get|LWP::)/i,
  // PowerShell download cradles
  /(?:DownloadString|DownloadFile|Net\.WebClient|Start-BitsTransfer)[^\n]{0,400}?(?:\biex\b|Invoke-Expression|Start-Process|&\s*\$)/i,
  // npx / bunx / pnpm dlx of a URL or git repository
  /\b(?:npx|bunx|pnpm\s+dlx|yarn\s+dlx)\s+(?:-y\s+|--yes\s+)?(?:https?:\/\/|git\+|github:|gitlab:)/i,
  // download to a file, then make it executable or run it
  new RegExp(String.raw`\b${FETCHER}\b[^\n]{0,400}?(?:&&|;)\s*(?:chmod\s+\+?[0-7]*x|(?:sudo\s+)?(?:sh|bash)\s+\S|\.\/\S)`, 'i'),
];

export const FETCH_PATTERN = new RegExp(String.raw`\b(?:curl|wget|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|aria2c)\b|https?:\/\/`, 'i');

interface ScriptFinding {
  readonly severity: Severity;
  readonly executes: boolean;
  readonly lifecycle: boolean;
}

function classify(name: string, command: string): ScriptFinding | undefined {
  const lifecycle = LIFECYCLE.has(name);
  const text = command.slice(0, MAX_SCRIPT);
  const executes = EXECUTE_PATTERNS.some((p) => p.test(text));
  if (executes) return { severity: lifecycle ? 'HIGH' : 'LOW', executes, lifecycle };
  if (lifecycle && FETCH_PATTERN.test(text)) return { severity: 'MEDIUM', executes, lifecycle };
  return undefined;
}

function detectFile(file: DependencyFile): RawFinding[] {
  const doc = parseJsonObject(file.text);
  if (!doc || !isRecord(doc.scripts)) return [];
  const scriptsLine = findLine(file, '"scripts"') ?? 1;
  const out: RawFinding[] = [];
  for (const [name, command] of Object.entries(doc.scripts)) {
    if (typeof command !== 'string') continue;
    const verdict = classify(name, command);
    if (verdict === undefined) continue;
    const line = findLine(file, `"${name}"`, scriptsLine) ?? scriptsLine;
    const when = verdict.lifecycle ? `runs automatically on install (\`${name}\`)` : `is run by hand or by CI (\`npm run ${name}\`)`;
    out.push(
      finding(check, {
        severity: verdict.severity,
        title: verdict.executes ? `Script "${name}" downloads and executes remote code` : `Install script "${name}" downloads from the network`,
        description: verdict.executes
          ? `The script ${when} and pipes or runs code fetched from the network. Whoever controls that URL, its DNS or the network path runs code on every developer machine and CI runner that ${verdict.lifecycle ? 'installs this package' : 'runs it'}; nothing pins or verifies what is downloaded.`
          : `The script ${when} and fetches from the network. What it downloads is not pinned by the lockfile nor verified by a hash, and install scripts are the usual way malicious packages act.`,
        path: file.path, line, lineText: lineAt(file, line), needle: `"${name}"`,
        fingerprint: `scripts.${name}`,
        confidence: verdict.executes ? 0.85 : 0.6,
      }),
    );
  }
  return out;
}

function detect(ctx: RiskContext): RawFinding[] {
  return ctx.files.filter((f) => f.extractor === 'package-json' && !isThirdParty(f.path)).flatMap(detectFile);
}

export const check = defineRiskCheck({
  id: 'install-script-download',
  title: 'Package script downloads and runs remote code',
  severity: 'HIGH',
  confidence: 0.85,
  severityNote: 'HIGH for install-time scripts that download and execute; MEDIUM for install-time scripts that only download; LOW for other scripts that download and execute',
  description: 'A package.json script fetches code from the network and executes it (`curl … | sh` and similar).',
  remediation:
    'Do not run downloaded code from scripts. Ship the tool as a pinned dependency, or download a fixed release and verify its checksum (`sha256sum -c`) before running it; keep install-time scripts free of network access so `npm ci --ignore-scripts` changes nothing.',
  cwe: 'CWE-494',
  owasp: OWASP.supplyChain,
  docs: {
    summary:
      'Reads the `scripts` of the repository\'s own package.json files. Lifecycle scripts (`preinstall`, `install`, `postinstall`, `prepare`, `prepublish`, `prepack` …) run automatically on every install, on every developer machine and CI runner, and for git dependencies on the consumer\'s machine too. A script that pipes a download into a shell (`curl … | sh`, `wget -O- | bash`, `bash <(curl …)`), evaluates fetched code (`node -e "…https…"`, PowerShell `iwr … | iex`), runs a remote package (`npx github:…`) or downloads a file and then executes it, hands code execution to whoever controls that URL. Other scripts doing the same are reported LOW; install-time scripts that only download are MEDIUM.',
    bad: [{
      'package.json': '{\n  "name": "native-bridge",\n  "scripts": {\n    "postinstall": "curl -fsSL https://get.example.com/bridge.sh | sh",\n    "build": "tsc"\n  }\n}\n',
    }],
    good: [{
      'package.json': '{\n  "name": "native-bridge",\n  "scripts": {\n    "postinstall": "node scripts/link-binary.js",\n    "build": "tsc"\n  }\n}\n',
    }],
  },
  run: detect,
});

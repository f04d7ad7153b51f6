import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { answer, selectProvider, type AiSettings, type AiTask } from '../../../services/ai/service.js';
import { unauthorized } from '../../../core/errors.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import { AUTHENTICATED_ERRORS, BODY_ERRORS, errorResponses } from '../../schemas/common.js';
import { findingFromInput, scanFromInput } from '../../schemas/finding-input.js';
import { FindingInputSchema, type FindingInput } from '../../../core/wire/findings.js';
import { ScanInputSchema, type ScanInput } from '../../../core/wire/scans.js';
import { SERVICE_ERROR_PREFIX, sendTextStream } from '../../streaming.js';

const ApiKeyField = Type.Optional(
  Type.String({ minLength: 1, maxLength: 512, description: "Your own AI provider key for this request only (never stored or logged); overrides the server's key" }),
);
const FindingBody = Type.Object({ finding: FindingInputSchema, api_key: ApiKeyField }, { title: 'FindingRequest' });
const TriageBody = Type.Object({ scan: ScanInputSchema, api_key: ApiKeyField }, { title: 'TriageRequest' });

const STREAM_200 = {
  description: `Streamed text/plain answer, flushed as the AI produces it. A line starting with ${SERVICE_ERROR_PREFIX} means the engine failed mid-answer: show it as an error and retry.`,
  content: { 'text/plain': { schema: Type.String() } },
};

export interface AiRouteDeps {
  readonly settings: AiSettings;
  readonly timeoutMs: number;
}

interface Endpoint {
  readonly url: '/explain' | '/fix' | '/triage';
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly body: typeof FindingBody | typeof TriageBody;
  readonly task: (body: Record<string, unknown>) => AiTask;
}

const ENDPOINTS: readonly Endpoint[] = [
  {
    url: '/explain',
    operationId: 'explainFinding',
    summary: 'Explain a finding (streaming)',
    description: 'What the finding is, why it matters and how it is exploited.',
    body: FindingBody,
    task: (b) => ({ kind: 'explain', finding: findingFromInput(b.finding as FindingInput) }),
  },
  {
    url: '/fix',
    operationId: 'fixFinding',
    summary: 'Suggest a fix for a finding (streaming)',
    description: 'Concrete fix steps with code diffs, migration steps and verification.',
    body: FindingBody,
    task: (b) => ({ kind: 'fix', finding: findingFromInput(b.finding as FindingInput) }),
  },
  {
    url: '/triage',
    operationId: 'triageScan',
    summary: 'Prioritised remediation plan for a scan (streaming)',
    description: 'Findings ranked by a computed risk score (severity, confidence, exploitability, effort) and grouped into actions; see docs/ai-triage.md.',
    body: TriageBody,
    task: (b) => ({ kind: 'triage', scan: scanFromInput(b.scan as ScanInput) }),
  },
];

/** POST /v1/explain, /v1/fix, /v1/triage: streamed AI answers, counted in the ai bucket. */
export function aiRoutes(app: FastifyInstance, deps: AiRouteDeps): void {
  for (const endpoint of ENDPOINTS) {
    app.post(
      endpoint.url,
      {
        config: { quota: 'ai' },
        schema: {
          tags: ['ai'],
          operationId: endpoint.operationId,
          summary: endpoint.summary,
          description: `${endpoint.description} Nothing is sent before the provider's first token: a provider failure before it answers 503 (400 when your own api_key was rejected).`,
          security: V1_SECURITY,
          body: endpoint.body,
          response: { 200: STREAM_200, ...errorResponses(...BODY_ERRORS, ...AUTHENTICATED_ERRORS) },
        },
      },
      async (request, reply) => {
        if (!request.auth) throw unauthorized();
        const body = request.body as Record<string, unknown> & { api_key?: string };
        const { provider, callerKey } = selectProvider(deps.settings, body.api_key);
        const task = endpoint.task(body);
        return sendTextStream(request, reply, (signal) => answer(provider, task, signal), { timeoutMs: deps.timeoutMs, callerKey });
      },
    );
  }
}

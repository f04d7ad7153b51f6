import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answer, selectProvider, type AiSettings, type AiTask } from '../../../services/ai/service.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import { AUTHENTICATED_ERRORS, BODY_ERRORS, errorResponses } from '../../schemas/common.js';
import { findingFromInput, scanFromInput } from '../../schemas/finding-input.js';
import { FindingInputSchema } from '../../../core/wire/findings.js';
import { ScanInputSchema } from '../../../core/wire/scans.js';
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

interface Endpoint<Body extends typeof FindingBody | typeof TriageBody> {
  readonly url: '/explain' | '/fix' | '/triage';
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly body: Body;
  readonly task: (body: Static<Body>) => AiTask;
}

/** /v1/explain and /v1/fix: one finding in, a streamed answer of that kind out. */
function findingEndpoint(kind: 'explain' | 'fix', operationId: string, summary: string, description: string): Endpoint<typeof FindingBody> {
  return { url: `/${kind}`, operationId, summary, description, body: FindingBody, task: (b) => ({ kind, finding: findingFromInput(b.finding) }) };
}

const EXPLAIN = findingEndpoint('explain', 'explainFinding', 'Explain a finding (streaming)', 'What the finding is, why it matters and how it is exploited.');
const FIX = findingEndpoint('fix', 'fixFinding', 'Suggest a fix for a finding (streaming)', 'Concrete fix steps with code diffs, migration steps and verification.');

const TRIAGE: Endpoint<typeof TriageBody> = {
  url: '/triage',
  operationId: 'triageScan',
  summary: 'Prioritised remediation plan for a scan (streaming)',
  description: 'Findings ranked by a computed risk score (severity, confidence, exploitability, effort) and grouped into actions; see docs/ai-triage.md.',
  body: TriageBody,
  task: (b) => ({ kind: 'triage', scan: scanFromInput(b.scan) }),
};

/** The route options of an endpoint: counted in the ai bucket, its body schema, a streamed 200. */
function routeOptions<Body extends typeof FindingBody | typeof TriageBody>(endpoint: Endpoint<Body>) {
  return {
    config: { quota: 'ai' as const },
    schema: {
      tags: ['ai'],
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      description: `${endpoint.description} Nothing is sent before the provider's first token: a provider failure before it answers 503 (400 when your own api_key was rejected).`,
      security: V1_SECURITY,
      body: endpoint.body,
      response: { 200: STREAM_200, ...errorResponses(...BODY_ERRORS, ...AUTHENTICATED_ERRORS) },
    },
  };
}

/** POST /v1/explain, /v1/fix, /v1/triage: streamed AI answers, counted in the ai bucket. */
export const aiRoutes: FastifyPluginCallbackTypebox<AiRouteDeps> = (app, deps, done) => {
  const stream = (request: FastifyRequest, reply: FastifyReply, apiKey: string | undefined, task: AiTask) => {
    const { provider, callerKey } = selectProvider(deps.settings, apiKey);
    return sendTextStream(request, reply, (signal) => answer(provider, task, signal), { timeoutMs: deps.timeoutMs, callerKey });
  };
  for (const endpoint of [EXPLAIN, FIX]) {
    app.post(endpoint.url, routeOptions(endpoint), async (request, reply) => stream(request, reply, request.body.api_key, endpoint.task(request.body)));
  }
  app.post(TRIAGE.url, routeOptions(TRIAGE), async (request, reply) => stream(request, reply, request.body.api_key, TRIAGE.task(request.body)));
  done();
};

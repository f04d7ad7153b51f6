import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { markWorkStarted } from '../../plugins/access.js';
import { badRequest } from '../../../core/errors.js';
import { openFixPullRequest, type FixPullRequestSettings } from '../../../services/fixes/open-pr.js';
import { selectFixer, SUPPORTED_RULES, SUPPORTED_TITLES } from '../../../services/fixes/registry.js';
import { parseRepository } from '../../../adapters/sources/github/repository-ref.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import { AUTHENTICATED_ERRORS, BODY_ERRORS, errorResponses } from '../../schemas/common.js';
import { findingFromInput } from '../../schemas/finding-input.js';
import { FindingInputSchema } from '../../../core/wire/findings.js';

const FixPullRequestBody = Type.Object(
  {
    finding: FindingInputSchema,
    repository: Type.String({ minLength: 1, maxLength: 1024, description: 'owner/repo (or a GitHub URL of it) to open the pull request against' }),
    token: Type.Optional(
      Type.String({ maxLength: 1024, description: "GitHub token with write access, for this request only (never stored or logged); default: the server's GITHUB_TOKEN" }),
    ),
  },
  { title: 'FixPullRequestRequest' },
);

const FixPullRequestResponse = Type.Object(
  {
    pr_url: Type.String({ description: 'Web URL of the pull request (opened now, or already open for this finding)' }),
    message: Type.String({ description: 'What was done, and what is left to do (rotate the credential)' }),
  },
  { title: 'FixPullRequestResponse' },
);

export interface FixPullRequestDeps {
  readonly settings: FixPullRequestSettings & { readonly defaultToken?: string };
}

const SupportedTitles = Type.Object(
  {
    titles: Type.Array(Type.String(), { description: 'Finding titles POST /v1/fix/pr can fix' }),
    rules: Type.Array(
      Type.Object({
        rule_id: Type.String({ description: 'The finding\'s rule_id' }),
        title_pattern: Type.String({ description: 'How the titles of these findings read (they vary per finding)' }),
      }),
      { description: 'Findings POST /v1/fix/pr can fix whatever their exact title, by rule (added to the specification): known vulnerabilities in dependencies' },
    ),
  },
  { title: 'FixPullRequestSupport' },
);

/** POST /v1/fix/pr: a deterministic fix for a finding, as a GitHub pull request; GET /v1/fix/pr/supported. */
export const fixPullRequestRoutes: FastifyPluginCallbackTypebox<FixPullRequestDeps> = (app, deps, done) => {
  app.get(
    '/fix/pr/supported',
    {
      schema: {
        tags: ['fixes'],
        operationId: 'listFixPullRequestTitles',
        summary: 'Finding titles a fix pull request can be opened for',
        description: 'From the registry of deterministic fixers, so clients need not hard-code it. Not counted in quotas.',
        security: V1_SECURITY,
        response: { 200: { ...SupportedTitles, description: 'The supported titles' }, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    () => ({ titles: [...SUPPORTED_TITLES], rules: SUPPORTED_RULES.map((r) => ({ ...r })) }),
  );

  app.post(
    '/fix/pr',
    {
      config: { quota: 'scans', feature: () => 'fix_pull_request' },
      schema: {
        tags: ['fixes'],
        operationId: 'openFixPullRequest',
        summary: 'Open a pull request that fixes a finding',
        description:
          `Supported titles: ${SUPPORTED_TITLES.join(', ')}. Secrets are redacted in place (the value must still be rotated: it stays in git history); ` +
          '`.env not in .gitignore` adds `.env*` to .gitignore. Workflow findings get `persist-credentials: false`, a top-level `permissions: contents: read`, the injected expression moved to `env:`, or the action pinned to the commit SHA of its tag (resolved through GitHub, with a `# vX.Y.Z` comment). ' +
          'Known-vulnerability findings (`<package>@<version>: <advisory id>`) raise the dependency in its manifest to the lowest fixed version; the body names the command that regenerates the lockfile. ' +
          'The branch is `vigil/fix-<finding id>`; asking again while its pull request is open returns that one. ' +
          '409 when the secret (or workflow problem) is already gone from the default branch. Counted in the scans bucket; Pro and Team plans.',
        security: V1_SECURITY,
        body: FixPullRequestBody,
        response: {
          200: { ...FixPullRequestResponse, description: 'The pull request' },
          ...errorResponses(...BODY_ERRORS, 403, 404, 409, ...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const finding = findingFromInput(body.finding);
      const target = parseRepository(body.repository, { githubApiUrl: deps.settings.githubApiUrl });
      const fixer = selectFixer(finding);
      const token = body.token?.trim() || deps.settings.defaultToken;
      if (token === undefined || token === '') {
        throw badRequest('GitHub token required: send "token" (with write access to the repository) in the body, or configure GITHUB_TOKEN on the server');
      }
      markWorkStarted(request);
      return openFixPullRequest(fixer, { finding, owner: target.owner, repo: target.repo, token }, deps.settings);
    },
  );
  done();
};

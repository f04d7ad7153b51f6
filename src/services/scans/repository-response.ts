import { newId } from '../../core/ids.js';
import type { WorkspaceRepository } from '../../adapters/sources/workspace.js';
import { buildScanResponse, type ScanResponse, type ScanResponseInput } from '../../outputs/scan-response.js';

export interface RepositoryScan {
  /** The job's scan id; a new one when the scan runs outside a job. */
  readonly scanId: string | undefined;
  readonly repository: WorkspaceRepository;
  readonly startedAt: Date;
  readonly outcome: ScanResponseInput['outcome'];
  /** The commit scanned (the tip for a history scan); null when unknown. */
  readonly commit: string | null;
  /** More about the repository (a history scan adds its web URL and clone size). */
  readonly more?: Record<string, unknown>;
}

/** The response of a repository scan (one tree or its history): `stats.repository` says what was scanned. */
export function repositoryScanResponse(scan: RepositoryScan): ScanResponse {
  const { repository } = scan;
  return buildScanResponse({
    scanId: scan.scanId ?? newId(),
    targetType: 'github',
    target: `${repository.owner}/${repository.repo}`,
    startedAt: scan.startedAt,
    completedAt: new Date(),
    outcome: scan.outcome,
    extraStats: {
      repository: {
        ref: repository.ref,
        default_branch: repository.defaultBranch,
        commit: scan.commit,
        private: repository.private,
        archived: repository.archived,
        ...scan.more,
      },
    },
  });
}

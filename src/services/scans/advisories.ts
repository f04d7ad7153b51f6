/**
 * Chooses where known-vulnerability checks look, from configuration: the OSV
 * API (one client per process, so its record cache is shared by every scan)
 * or the offline database that `vigil osv import` fills.
 */
import type { Config } from '../../config/index.js';
import { OfflineAdvisorySource } from '../../adapters/osv/offline.js';
import { createVulnCache, OsvOnlineClient } from '../../adapters/osv/online.js';
import type { AdvisorySource } from '../../scanners/advisories/source.js';
import { AdvisoriesRepository, type Storage } from '../../adapters/storage/index.js';

export function createAdvisorySource(config: Pick<Config, 'osvMode' | 'osvApiUrl' | 'osvTimeoutMs'>, userAgent: string, storage?: Storage): AdvisorySource {
  if (config.osvMode === 'offline') {
    if (!storage) throw new Error('OSV_MODE=offline needs the database that `npx vigil osv import` fills');
    return new OfflineAdvisorySource(new AdvisoriesRepository(storage.db));
  }
  const client = new OsvOnlineClient({ baseUrl: config.osvApiUrl, timeoutMs: config.osvTimeoutMs, userAgent, cache: createVulnCache() });
  return {
    mode: 'online',
    lookup: (queries, signal) => client.lookup(queries, signal),
    records: (ids, signal) => client.getVulns(ids, signal),
    packageRecords: (packages, signal) => client.lookupPackages(packages, signal),
  };
}

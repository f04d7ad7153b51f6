export { openStorage, migrate, type Storage, type StorageKind, type StorageOptions } from './database.js';
export { AccountsRepository, type ActiveKey } from './repositories/accounts.js';
export { ScansRepository, type StoredScan, type ScanPage } from './repositories/scans.js';
export { SystemStateRepository } from './repositories/system-state.js';
export { AdvisoriesRepository, type AdvisoryRow, type AdvisoryCounts } from './repositories/advisories.js';
export type { AccountRow, ApiKeyRow, Database } from './schema.js';

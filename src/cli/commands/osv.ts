import { resolve } from 'node:path';
import { Command } from 'commander';
import { loadConfig } from '../../config/index.js';
import type { OsvCounts } from '../../http/admin/operations.js';
import type { CliIo, WithAdmin } from '../program.js';

/**
 * `vigil osv import|status`: the offline vulnerability database used when
 * OSV_MODE=offline. Like the account commands, they run on the database, or
 * through the running service when it holds the embedded database.
 */
export function osvCommands(io: CliIo, withAdmin: WithAdmin): Command {
  const osv = new Command('osv').description('Manage the offline vulnerability database (OSV records) used when OSV_MODE=offline');
  osv
    .command('import')
    .description(
      'Load OSV records: an ecosystem export (all.zip), a folder of OSV JSON files, one JSON file, or a JSON-lines file (.jsonl/.ndjson, one record per line, optionally .gz). Newer copies replace older ones.',
    )
    .argument('<paths...>', 'zip files, folders, JSON files or JSON-lines files')
    .action(async (paths: string[]) => {
      await withAdmin(async (admin) => {
        for (const path of paths) {
          if (io.isTTY) io.err(`Importing ${path}…\n`);
          const stats = await admin.importOsv(resolve(io.cwd, path));
          io.out(
            `${path}: ${stats.records} record(s) for supported ecosystems, ${stats.stored} stored (new or newer), ` +
              `${stats.withdrawn} withdrawn, ${stats.otherEcosystems} for other ecosystems skipped, ${stats.invalid} invalid\n`,
          );
          // Older services answer without problems.
          const problems = stats.problems ?? [];
          for (const problem of problems) io.err(`  invalid: ${problem}\n`);
          if (stats.invalid > problems.length && problems.length > 0) io.err(`  … and ${stats.invalid - problems.length} more invalid\n`);
        }
        const counts = await admin.osvCounts();
        io.out(renderEcosystems(counts.ecosystems));
        io.out(`The offline database holds ${counts.advisories} advisories (${counts.withdrawn} withdrawn) for ${counts.packages} packages.\n`);
      });
    });
  osv
    .command('status')
    .description('Show how many advisories the offline database holds')
    .action(async () => {
      const mode = loadConfig(io.env, io.cwd).osvMode;
      await withAdmin(async (admin) => {
        const counts = await admin.osvCounts();
        io.out(`${counts.advisories} advisories (${counts.withdrawn} withdrawn) for ${counts.packages} packages; OSV_MODE is ${mode}.\n`);
        io.out(renderEcosystems(counts.ecosystems));
      });
    });
  return osv;
}

/** One line per ecosystem: advisories in force and the date of the latest import. */
function renderEcosystems(ecosystems: OsvCounts['ecosystems']): string {
  if (ecosystems.length === 0) return 'No ecosystem has advisories yet: offline CVE checks report every package as not checked.\n';
  const width = Math.max(...ecosystems.map((e) => e.ecosystem.length));
  return ecosystems.map((e) => `  ${e.ecosystem.padEnd(width)}  ${String(e.advisories).padStart(7)} advisories, imported ${e.imported_at.slice(0, 10)}\n`).join('');
}

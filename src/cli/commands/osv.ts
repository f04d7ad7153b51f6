import { resolve } from 'node:path';
import { Command } from 'commander';
import { importOsv, ImportError } from '../../scanners/dependencies/advisories/import.js';
import { AdvisoriesRepository } from '../../storage/index.js';
import type { CliIo, WithRuntime } from '../program.js';

/** `vigil osv import|status`: the offline vulnerability database used when OSV_MODE=offline. */
export function osvCommands(io: CliIo, withRuntime: WithRuntime): Command {
  const osv = new Command('osv').description('Manage the offline vulnerability database (OSV records) used when OSV_MODE=offline');
  osv
    .command('import')
    .description('Load OSV records: an ecosystem export (all.zip), a folder of OSV JSON files, or one JSON file. Newer copies replace older ones.')
    .argument('<paths...>', 'zip files, folders or JSON files')
    .action(async (paths: string[]) => {
      await withRuntime(async (rt) => {
        const repository = new AdvisoriesRepository(rt.storage.db);
        for (const path of paths) {
          const show = io.isTTY ? (text: string) => io.err(`\r\x1b[2K${text}`) : () => undefined;
          let stats;
          try {
            stats = await importOsv(resolve(io.cwd, path), repository, (s) => show(`${path}: ${s.records} records read, ${s.stored} stored…`));
          } catch (error) {
            show('');
            if (error instanceof ImportError) throw new Error(error.message);
            throw error;
          }
          show('');
          io.out(
            `${path}: ${stats.records} record(s) for supported ecosystems, ${stats.stored} stored (new or newer), ` +
              `${stats.withdrawn} withdrawn, ${stats.otherEcosystems} for other ecosystems skipped, ${stats.invalid} invalid\n`,
          );
        }
        const counts = await repository.counts();
        io.out(`The offline database holds ${counts.advisories} advisories (${counts.withdrawn} withdrawn) for ${counts.packages} packages.\n`);
      });
    });
  osv
    .command('status')
    .description('Show how many advisories the offline database holds')
    .action(async () => {
      await withRuntime(async (rt) => {
        const counts = await new AdvisoriesRepository(rt.storage.db).counts();
        io.out(`${counts.advisories} advisories (${counts.withdrawn} withdrawn) for ${counts.packages} packages; OSV_MODE is ${rt.config.osvMode}.\n`);
      });
    });
  return osv;
}

import { Command } from 'commander';
import type { CliIo, WithRuntime } from '../program.js';
import { printIssuedKey } from './accounts.js';

export function keyCommands(io: CliIo, withRuntime: WithRuntime): Command {
  const keys = new Command('keys').description('Manage API keys');
  keys
    .command('rotate')
    .description('Issue a new key for an account and revoke the old one in the same instant; prints the new key once')
    .requiredOption('--email <email>', 'the account’s email address')
    .option('--no-mail', 'do not mail the new key to the account')
    .action(async (opts: { email: string; mail: boolean }) => {
      await withRuntime(async (rt) => {
        const issued = await rt.accounts.rotateKeyByEmail(opts.email);
        printIssuedKey(io, issued, 'Key rotated; the previous key no longer works');
        if (!opts.mail) return;
        try {
          await rt.accounts.mailKey(issued, 'rotated');
          io.out(`The new key was also mailed to ${issued.account.email} (${rt.mailer.kind}).\n`);
        } catch (error) {
          io.err(`Could not mail the new key: ${error instanceof Error ? error.message : String(error)}\n`);
        }
      });
    });
  return keys;
}

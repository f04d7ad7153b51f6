import { Command } from 'commander';
import type { CliIo, WithAdmin } from '../program.js';
import { printIssuedKey } from './accounts.js';

export function keyCommands(io: CliIo, withAdmin: WithAdmin): Command {
  const keys = new Command('keys').description('Manage API keys');
  keys
    .command('rotate')
    .description('Issue a new key for an account and revoke the old one in the same instant; prints the new key once')
    .requiredOption('--email <email>', 'the account’s email address')
    .option('--no-mail', 'do not mail the new key to the account')
    .action(async (opts: { email: string; mail: boolean }) => {
      const { issued, mail } = await withAdmin((admin) => admin.rotateKey(opts.email, opts.mail));
      printIssuedKey(io, issued, 'Key rotated; the previous key no longer works');
      if (mail.status === 'sent') io.out(`The new key was also mailed to ${issued.account.email} (${mail.via}).\n`);
      if (mail.status === 'failed') io.err(`Could not mail the new key: ${mail.reason}\n`);
    });
  return keys;
}

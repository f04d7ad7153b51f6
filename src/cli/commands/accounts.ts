import { Command, Option } from 'commander';
import { PLANS, type Plan } from '../../services/accounts/plans.js';
import type { AccountListing, IssuedKey } from '../../services/accounts/service.js';
import type { CliIo, WithAdmin } from '../program.js';

const planOpt = () => new Option('--plan <plan>', 'plan').choices(PLANS).makeOptionMandatory();

export function printIssuedKey(io: CliIo, issued: IssuedKey, what: string): void {
  io.out(
    [
      `${what} for ${issued.account.email} (${issued.account.plan} plan).`,
      `API key: ${issued.apiKey}`,
      'This key is shown once: Vigil stores only a hash of it.',
      '',
    ].join('\n'),
  );
}

const LIST_FORMATS = ['table', 'json'] as const;

/** Columns padded to their widest cell; a key prefix, never a key. */
function renderAccounts(accounts: readonly AccountListing[]): string {
  if (accounts.length === 0) return 'No accounts yet.\n';
  const rows = [
    ['EMAIL', 'PLAN', 'CREATED', 'KEY PREFIX'],
    ...accounts.map((a) => [a.email, a.plan, a.createdAt.toISOString().slice(0, 10), a.keyPrefix ?? '(no key)']),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const lines = rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd());
  return `${lines.join('\n')}\n\n${accounts.length} account(s)\n`;
}

export function accountCommands(io: CliIo, withAdmin: WithAdmin): Command {
  const accounts = new Command('accounts').description('List accounts, create them and change their plans');

  accounts
    .command('create')
    .description('Create an account and print its API key once')
    .requiredOption('--email <email>', 'the account owner’s email address')
    .addOption(planOpt().default('free'))
    .action(async (opts: { email: string; plan: Plan }) => {
      const issued = await withAdmin((admin) => admin.createAccount(opts.email, opts.plan));
      printIssuedKey(io, issued, 'Account created');
    });

  accounts
    .command('list')
    .description('List every account: email, plan, creation date and the prefix of its current key (never a key)')
    .addOption(new Option('--format <format>', 'output format').choices(LIST_FORMATS).default('table'))
    .action(async (opts: { format: (typeof LIST_FORMATS)[number] }) => {
      const listing = await withAdmin((admin) => admin.listAccounts());
      if (opts.format === 'table') return io.out(renderAccounts(listing));
      const json = listing.map((a) => ({ email: a.email, plan: a.plan, created_at: a.createdAt.toISOString(), key_prefix: a.keyPrefix }));
      io.out(`${JSON.stringify(json, null, 2)}\n`);
    });

  accounts
    .command('set-plan')
    .description("Change an account's plan (quotas follow at once)")
    .requiredOption('--email <email>', 'the account’s email address')
    .addOption(planOpt())
    .action(async (opts: { email: string; plan: Plan }) => {
      const account = await withAdmin((admin) => admin.setPlan(opts.email, opts.plan));
      io.out(`${account.email} is now on the ${account.plan} plan.\n`);
    });

  return accounts;
}

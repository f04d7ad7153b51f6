import { Command, Option } from 'commander';
import { PLANS, type Plan } from '../../accounts/plans.js';
import type { IssuedKey } from '../../accounts/service.js';
import type { CliIo, WithRuntime } from '../program.js';

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

export function accountCommands(io: CliIo, withRuntime: WithRuntime): Command {
  const accounts = new Command('accounts').description('Create accounts and change their plans');

  accounts
    .command('create')
    .description('Create an account and print its API key once')
    .requiredOption('--email <email>', 'the account owner’s email address')
    .addOption(planOpt().default('free'))
    .action(async (opts: { email: string; plan: Plan }) => {
      const issued = await withRuntime((rt) => rt.accounts.createAccount(opts.email, opts.plan));
      printIssuedKey(io, issued, 'Account created');
    });

  accounts
    .command('set-plan')
    .description("Change an account's plan (quotas follow at once)")
    .requiredOption('--email <email>', 'the account’s email address')
    .addOption(planOpt())
    .action(async (opts: { email: string; plan: Plan }) => {
      const account = await withRuntime((rt) => rt.accounts.setPlan(opts.email, opts.plan));
      io.out(`${account.email} is now on the ${account.plan} plan.\n`);
    });

  return accounts;
}

#!/usr/bin/env node
import { runCli } from './program.js';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  isTTY: process.stderr.isTTY,
});
process.exitCode = code;

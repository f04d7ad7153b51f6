import { defineRule } from '../rule.js';

/**
 * SSH private key files recognised by their default names (id_rsa, id_dsa,
 * id_ecdsa, id_ed25519 and the -sk variants). Reports the file even when the
 * key body is unusual (truncated, odd wrapping, no END line): the secret is
 * the base64 body. Silent where private-key already reported the block.
 */
export default defineRule({
  id: 'ssh-private-key-file',
  title: 'SSH private key file',
  severity: 'CRITICAL',
  confidence: 0.9,
  generic: true,
  keywords: ['-----begin'],
  multiline: true,
  pathPattern: /(?:^|\/)id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?$/,
  pattern:
    /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----[ \t]{0,4}\r?\n(?:Proc-Type:[^\r\n]{1,100}\r?\n)?(?:DEK-Info:[^\r\n]{1,200}\r?\n)?(?:[ \t]{0,4}\r?\n)?(?<secret>[A-Za-z0-9+/=][A-Za-z0-9+/=\r\n]{14,16000}[A-Za-z0-9+/=])/,
  // Key bodies have long runs of A (zero bytes) that the generic placeholder filter would take for filler.
  keepPlaceholders: true,
  validate: (secret) => new Set(secret.replace(/\s/g, '')).size >= 16,
  cwe: 'CWE-321',
  description:
    'An SSH private key file is committed. Whoever has it logs in to every server and git host that trusts the matching public key, as that user (if the key has a passphrase, offline guessing is all that stands in the way).',
  remediation:
    'Remove the public key from every authorized_keys file and git host that trusts it, generate a new key pair kept outside the repository (or use an SSH agent / certificate authority), add id_* to .gitignore, and remove the file from git history.',
  references: ['https://man.openbsd.org/ssh-keygen'],
  docs: {
    summary: 'Committed id_rsa, id_dsa, id_ecdsa and id_ed25519 files with a private key block.',
    path: 'deploy/id_ed25519',
    bad: ['-----BEGIN OPENSSH ' + 'PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACBq9Xv7Lk2Pw8Rt5Yn1Hc4Jd6Ks0Ma9Qe2Ux5Wb7Nz3g'],
    good: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq9Xv7Lk2Pw8Rt5Yn1Hc4Jd6Ks0Ma9Qe2Ux5Wb7Nz3 deploy@ci', '-----BEGIN OPENSSH ' + 'PRIVATE KEY-----\n...\n-----END OPENSSH PRIVATE KEY-----'],
  },
});

import { defineRule } from '../rule.js';

/** PuTTY private key files (.ppk, format 2 and 3): the base64 Private-Lines block. */
export default defineRule({
  id: 'putty-private-key',
  title: 'PuTTY private key',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['putty-user-key-file-'],
  multiline: true,
  pattern:
    /PuTTY-User-Key-File-[23]:[ \t]{0,4}[\w.@-]{1,60}\r?\nEncryption:[ \t]{0,4}(?<enc>[\w-]{1,40})\r?\n[\s\S]{0,8000}?Private-Lines:[ \t]{0,4}\d{1,4}\r?\n(?<secret>[A-Za-z0-9+/=\r\n]{16,12000}?)\r?\nPrivate-(?:MAC|Hash):/,
  validate: (secret) => {
    const body = secret.replace(/\s/g, '');
    return body.length >= 16 && !/(.)\1{15}/.test(body);
  },
  keepPlaceholders: true,
  cwe: 'CWE-321',
  description:
    'A PuTTY private key (.ppk) is committed. Whoever has it logs in to every server and git host that trusts the matching public key; with Encryption: none no passphrase protects it.',
  remediation:
    'Remove the public key from every authorized_keys file and git host that trusts it, generate a new key pair kept outside the repository (protected by a passphrase, loaded into Pageant), and remove the file from git history.',
  references: ['https://the.earth.li/~sgtatham/putty/0.80/htmldoc/AppendixC.html'],
  docs: {
    summary: 'PuTTY-User-Key-File-2/3 files: the Private-Lines block.',
    bad: [
      'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy@ci\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAIGq9Xv7Lk2Pw8Rt5Yn1Hc4Jd6Ks0Ma9Qe2Ux5Wb7N\nz3\nPrivate-Lines: 1\n' +
        'AAAAIHq8Lw2Vn5Tx7Yp1Hc4Jd6Ks0Ma9Qe2Ux5Wb7Nz3Gh8Tv1Lp4\nPrivate-MAC: 4f1c9a7e2b8d3e6f0a5c1b9d7e2f4a8c3b6d9e1f0a7c5b2d8e4f6a9c1b3d7e',
    ],
    good: ['PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPrivate-Lines: 1\n...\nPrivate-MAC: ...', 'Convert the key with puttygen key.ppk -O private-openssh'],
  },
});

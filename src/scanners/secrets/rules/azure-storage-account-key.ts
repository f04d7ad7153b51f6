import { defineRule } from '../rule.js';

/** The well-known key of the Azurite / storage emulator development account: public, not a secret. */
const EMULATOR_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/' + 'K1SZFPTOtr/KBHBeksoGMGw==';

/** Azure storage account keys (64 bytes, 88 base64 characters) in connection strings and settings. */
export default defineRule({
  id: 'azure-storage-account-key',
  title: 'Azure storage account key',
  severity: 'CRITICAL',
  confidence: 0.9,
  keywords: ['accountkey', 'account_key', 'account-key', 'storage_key', 'storagekey', 'storage-key'],
  pattern:
    /(?:account|storage)[_-]?key["']?\s{0,4}(?:=>|=|:)\s{0,4}["']?(?<secret>[A-Za-z0-9+/]{86}==)(?![A-Za-z0-9+/=])/i,
  minEntropy: 4.5,
  validate: (secret) => secret !== EMULATOR_KEY,
  description:
    'An Azure storage account key is committed. It grants full control of every blob container, file share, queue and table in the account and can sign SAS tokens for any of them.',
  remediation:
    'Rotate the key under Storage account → Access keys (regenerate the leaked key after moving clients to the other one), prefer Microsoft Entra ID authentication or managed identities, and keep connection strings in Key Vault or app settings. Remove the key from git history.',
  references: ['https://learn.microsoft.com/azure/storage/common/storage-account-keys-manage'],
  docs: {
    summary: 'Storage account keys in AccountKey= connection strings and account_key settings.',
    bad: [
      'DefaultEndpointsProtocol=https;AccountName=stordersweu01;AccountKey=' + 's+nPQgW0netXZ8Pp+W+/D5UTKu4D34ywIXA/1cAlpnTZAOCYwqqstUXv2EJJ3h23RypT1xL+jfebmCJF1DQZ1W==;EndpointSuffix=core.windows.net',
      'AZURE_STORAGE_ACCOUNT_KEY="OHL5GEgrQJC67VMQE0oT7gcg9IGDN86kNVUtmnvmTta' + 'REDvIqbqt7MXxOJir15ql15Uhr3AIqhesYczYPxiegA=="',
    ],
    good: [
      'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=' + EMULATOR_KEY + ';BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;',
      'AccountKey=${STORAGE_ACCOUNT_KEY}',
      'AccountKey=' + 'UfMc63FqpXUTw/Kt6EQi4UXh8rISOhrCoITLKn4wOzOyYqfLnxOaTsnqa5prlnUMrmPnHKCLUSiXcdAQr0PX4==',
    ],
  },
});

import { defineRule } from '../rule.js';

/** A SAS signed-version parameter: a storage service version date, or 1.0 for Logic Apps / Functions callback URLs. */
const SIGNED_VERSION = /[?&;]sv=(?:\d{4}-\d{2}-\d{2}|\d\.\d)(?![\w.-])/;
/** Other SAS parameters: expiry, permissions, resource, services, resource types. */
const SAS_FIELD = /[?&;](?:se|sp|sr|ss|srt|st|spr)=/;

function decoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Azure shared access signatures: the sig= HMAC of a URL that also carries sv= and other SAS fields. */
export default defineRule({
  id: 'azure-sas-token',
  title: 'Azure shared access signature',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['sig='],
  pattern: /[?&;]sig=(?<secret>[A-Za-z0-9%+/_-]{40,100}={0,2})(?![A-Za-z0-9%+/=_-])/,
  minEntropy: 3.5,
  validate: (secret, { line }) => {
    if (!SIGNED_VERSION.test(line) || !SAS_FIELD.test(line)) return false;
    // An HMAC-SHA256: 43 base64 characters plus optional padding once unescaped.
    const value = decoded(secret);
    return value !== undefined && /^[A-Za-z0-9+/_-]{43}=?$/.test(value);
  },
  description:
    'A URL with an Azure shared access signature is committed. Until it expires it grants whoever holds the URL the permissions it names (read, write, delete, list) on the storage resource, or lets them invoke the Logic App or Function it signs.',
  remediation:
    'Invalidate the signature: rotate the storage account key that signed it (or revoke the stored access policy / user delegation key), or regenerate the workflow callback keys. Issue short-lived SAS at run time instead of committing them, and remove the URL from git history.',
  references: ['https://learn.microsoft.com/azure/storage/common/storage-sas-overview'],
  docs: {
    summary: 'Shared access signature URLs (sv=…&…&sig=…) for Azure Storage, Logic Apps and Functions.',
    bad: [
      'BACKUP_URL=https://stbackupsweu.blob.core.windows.net/db/nightly.bak?sp=r&st=2024-05-01T08:00:00Z&se=2025-05-01T16:00:00Z&spr=https&sv=2022-11-02&sr=b&sig=' +
        'JCbq9WlNV9S29MukpgGa%2Biy3ktRgmTqB341NPcRuDrR%3D',
      '"callback": "https://prod-42.westeurope.logic.azure.com:443/workflows/0c7e/triggers/manual/paths/invoke?api-version=2016-10-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=' +
        'syYCU8vyw-i0VOrMs8hDxtHGch7S8nVM0pIaT7TgmEH"',
    ],
    good: [
      'https://cdn.vendorimg.net/p/4411.png?w=200&sig=' + 'Fy3bSr32tzX0pCjiw2A8uDlOlC3cPJnhiHCwL64cZZg',
      'https://stbackupsweu.blob.core.windows.net/db/nightly.bak?sv=2022-11-02&sr=b&sig=<signature>',
      'url = f"{base}?sv={version}&se={expiry}&sig={signature}"',
    ],
  },
});

import { assignedTo, randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Yandex Cloud static access key secrets (YC…) assigned to a Yandex setting. */
export default defineRule({
  id: 'yandex-static-access-key',
  title: 'Yandex Cloud static access key secret',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['yandex'],
  multiline: true,
  pattern: assignedTo(String.raw`yandex`, String.raw`YC[A-Za-z0-9_-]{38}`),
  minEntropy: 3.5,
  validate: (secret) => randomLooking(secret),
  description: 'A Yandex Cloud static access key secret is committed. With its key id it signs S3-compatible requests to Object Storage and other services as the service account.',
  remediation: 'Delete the static access key of the service account (yc iam access-key delete) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://yandex.cloud/en/docs/iam/concepts/authorization/access-key'],
  docs: {
    summary: 'Yandex Cloud static access key secrets (YC…) assigned to a Yandex setting.',
    bad: [
      'YANDEX_SECRET_ACCESS_KEY=YCBKHySbiwb27' + 'S0kUDbeSej_L40iigU1JYZbsUcx',
      'yandex_storage_secret_key: "YCEWgTOgjMLLy' + 'iZnyQ7e42x5fwMzjLvTkEMfXiNZ"',
      '  "yandexSecretAccessKey": "YCjyIo6zacYV7' + 'oES7MHAlIn00VdcnHiIfet8socz",',
    ],
    good: [
      'YANDEX_SECRET_ACCESS_KEY=${YANDEX_SECRET_ACCESS_KEY}',
      'YANDEX_SECRET_ACCESS_KEY=YCBKHySbiwb27S0kUDbeSej_',
      'OTHER_SERVICE_KEY=YCBKHySbiwb27' + 'S0kUDbeSej_L40iigU1JYZbsUcx',
    ],
  },
});

import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Yandex Cloud IAM tokens (t1.….…) assigned to a Yandex or YC setting. */
export default defineRule({
  id: 'yandex-iam-token',
  title: 'Yandex Cloud IAM token',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['yandex', 'yc_token', 'yc_iam'],
  multiline: true,
  pattern: assignedTo(String.raw`yandex|yc_token|yc_iam`, String.raw`t1\.[A-Za-z0-9_-]{8,200}={0,2}\.[A-Za-z0-9_-]{86}={0,2}`),
  minEntropy: 4,
  description: 'A Yandex Cloud IAM token is committed. For up to twelve hours it calls Yandex Cloud as the account that obtained it, with that account’s roles.',
  remediation: 'Revoke the token (yc iam revoke-token) and obtain IAM tokens at run time instead of storing them. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://yandex.cloud/en/docs/iam/concepts/authorization/iam-token'],
  docs: {
    summary: 'Yandex Cloud IAM tokens (t1.….…) assigned to a Yandex or YC setting.',
    bad: [
      'YC_TOKEN=t1.5wrxoOIZHdibLfEziW45wGBMJuHnxyYzPsakpnLfFX4S02l' + 'i-mEfheaP6Pnt.BSGhTRwJXJ1vsgQUmMKmc_20gCx4x-S9InrgNFR55ubuluS1DSEZnbEV5z2SxJixVXP6w3WvhWqPXs2ReL8cos',
      'yandex_iam_token: "t1.cYl5eDsZAlH2kbWc3j_tX61TKXEK__HzJQA1t4EBx4oTuju' + '2pFQv88LCid4x.1HCtbjVGmUzKujz0K8966s17d99CY-V_dFhw60Yho4rTnrlC4Qr6sqp-EFRuZt2VTlmcLYArO9AyrfBu_KVJIt"',
      '  "yandexIamToken": "t1.eB8baL5s0BRYjTgMFoh2MwzFwZeYDIdM7hMd1YYfvwH4ZFj' + 'ocWRZVn0Ixy-D.mcbj4PU2pa6kZmS5HqpbVNvP2sMHcIyIjT2T6KjPxp_Pg-G_1kirJvh_CLJ3MDfKOU0n3cfk55M9gEUIQbIp40",',
    ],
    good: [
      'YC_TOKEN=${YC_TOKEN}',
      'YC_TOKEN=t1.5wrxoOIZHdibLfEziW45wGBMJuHnxyYzPsakpnLfFX4S02li-mEfheaP6Pnt.BSGhTRwJXJ1vsgQUmMKmc_20gC',
      'OTHER_SERVICE_KEY=t1.5wrxoOIZHdibLfEziW45wGBMJuHnxyYzPsakpnLfFX4S02l' + 'i-mEfheaP6Pnt.BSGhTRwJXJ1vsgQUmMKmc_20gCx4x-S9InrgNFR55ubuluS1DSEZnbEV5z2SxJixVXP6w3WvhWqPXs2ReL8cos',
    ],
  },
});

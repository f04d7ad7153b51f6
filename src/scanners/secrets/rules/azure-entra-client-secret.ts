import { defineRule } from '../rule.js';

/**
 * Microsoft Entra ID (Azure AD) application client secrets in the current
 * format: 40 characters with "Q~" after three characters and a digit.
 */
export default defineRule({
  id: 'azure-entra-client-secret',
  title: 'Microsoft Entra ID client secret',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['q~'],
  pattern: /(?<![A-Za-z0-9_~.-])(?<secret>[A-Za-z0-9_~.-]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34})(?![A-Za-z0-9_~.-])/,
  minEntropy: 3.8,
  validate: (secret) => /[a-z]/.test(secret.slice(6)) && /[A-Z]/.test(secret.slice(6)) && /[0-9]/.test(secret.slice(6)),
  description:
    'A Microsoft Entra ID (Azure AD) application client secret is committed. With the tenant and client ids it obtains tokens as the application, with every Microsoft Graph and Azure permission granted to it.',
  remediation:
    'Delete the secret under App registrations → Certificates & secrets and add a new one, or better switch to a certificate, managed identity or workload identity federation. Keep credentials in Key Vault or CI secrets and remove the leaked one from git history.',
  references: ['https://learn.microsoft.com/entra/identity-platform/howto-create-service-principal-portal'],
  docs: {
    summary: 'Entra ID (Azure AD) client secrets of the form xxx9Q~… (40 characters).',
    bad: ['AZURE_CLIENT_SECRET=Mx1' + '8Q~' + 'ENz71cmflmE0mPEDdFkduHlgUhlt24R_su', '"clientSecret": "Ng7' + '5Q~' + 'tlnO.ID9Q8~rCsaggDTtoX8iAorfrCwcV"'],
    good: ['AZURE_CLIENT_SECRET=abc8Q~' + 'xyanSCbID8d1', 'clientSecret: process.env.AZURE_CLIENT_SECRET', 'home = "~/Q~' + 'ErS9hyjB81"'],
  },
});

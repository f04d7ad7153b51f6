import { defineRule } from '../rule.js';

/** Fly.io macaroon tokens (fm1_/fm2_…), as printed by fly tokens create, usually after "FlyV1 ". */
export default defineRule({
  id: 'fly-io-token',
  title: 'Fly.io access token',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['flyv1', 'fm2_', 'fm1_'],
  anchored: true,
  pattern:
    /(?<![A-Za-z0-9_])(?<secret>fm[12][a-z]?_[A-Za-z0-9+/]{60,3000}={0,2}(?:,fm[12][a-z]?_[A-Za-z0-9+/]{20,3000}={0,2})?)(?![A-Za-z0-9+/=_])/,
  minEntropy: 4.5,
  description:
    'A Fly.io access token is committed. Depending on how it was minted it deploys and manages the apps of an organization, reads their secrets or acts on a single app, until it expires or is revoked.',
  remediation:
    'Revoke the token (fly tokens revoke, or the dashboard’s Tokens page), mint a narrowly scoped deploy token with an expiry, and store it as a CI secret. Remove it from git history.',
  references: ['https://fly.io/docs/security/tokens/'],
  docs: {
    summary: 'Fly.io macaroon tokens (FlyV1 fm2_…), including comma-joined token chains.',
    bad: [
      'FLY_API_TOKEN="FlyV1 fm2_' + '6e8imTW6lx1Cqp6vhg6swh9lK1DVObe7ZRP+b7hvROjMqv28c90/8Z7gloEM7yZDnn/o+KiJ1ZhLf/4jWAhTbVOA59Pw9mhl9/1CmC7w9qnq1/mUQetkhPlo6S5QArUh0bTnXlj1UDNZdyr2eveZS8d1xFoeVAl8o9nuzhG3NXLtR9vkAPEX,fm2_' + '8jTKLhcbJEK1sSOxGEF+OqgoirFZhWhjR2i/uv/YYZlpNacAupXFD7SPIKomNhKt62ngXLkj4KHI8jFj"',
      'fly_token: fm2_' + 'INRQA6LjBczChYWY970xFoqmiJdPAmXd2wQTAXgcnfvpBxfOIZFVGeHkhpEk9CMYJIXF0JFXHY8WwCUcEnJTjRDmez0NVDr8uBOyO5uDRtqMiPdyVOxHzamx',
    ],
    good: ['FLY_API_TOKEN="FlyV1 fm2_' + 'ngMxVd/FCjYgIg26u9BsZ26UsGcW1p"', 'FLY_API_TOKEN=${{ secrets.FLY_API_TOKEN }}'],
  },
});

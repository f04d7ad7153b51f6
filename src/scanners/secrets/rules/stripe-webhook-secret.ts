import { defineRule } from '../rule.js';

/** Webhook endpoint signing secrets: whsec_ + 32 or more alphanumerics (Stripe; Svix-based services use the same prefix). */
export default defineRule({
  id: 'stripe-webhook-secret',
  title: 'Stripe webhook signing secret',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['whsec_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>whsec_[A-Za-z0-9+/]{32,88}={0,2})(?![A-Za-z0-9_+/=-])/,
  minEntropy: 3.8,
  description:
    'A webhook signing secret is committed. With it anyone can forge webhook events that the endpoint accepts as genuine, for example payment_intent.succeeded events that mark unpaid orders as paid.',
  remediation:
    'Roll the endpoint’s signing secret in the Stripe Dashboard (Developers → Webhooks) or the sending service, store the new one in a secret store, and remove the old one from git history.',
  references: ['https://docs.stripe.com/webhooks#verify-events'],
  docs: {
    summary: 'Webhook endpoint signing secrets (whsec_) of Stripe and Svix-style webhook senders.',
    bad: ['STRIPE_WEBHOOK_SECRET=whsec_' + 'ztCvf1VResujzHyMnY4l5oFMwqjQcZqV'],
    good: ['STRIPE_WEBHOOK_SECRET=whsec_...', 'STRIPE_WEBHOOK_SECRET=whsec_' + 'ztCvf1VResujz', 'endpointSecret = "whsec_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";'],
  },
});

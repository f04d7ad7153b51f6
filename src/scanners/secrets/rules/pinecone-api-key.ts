import { defineRule } from '../rule.js';

/** Pinecone API keys: pcsk_ + key id + _ + a long alphanumeric secret. */
export default defineRule({
  id: 'pinecone-api-key',
  title: 'Pinecone API key',
  severity: 'HIGH',
  confidence: 0.92,
  keywords: ['pcsk_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>pcsk_[A-Za-z0-9]{4,10}_[A-Za-z0-9]{50,80})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  description:
    'A Pinecone API key is committed. With its role (by default all permissions) it reads, writes and deletes vectors and indexes of the project, and its usage is billed to the owner.',
  remediation:
    'Delete the key in the Pinecone console (API keys), create one with the least permissions needed and keep it in a secret store. Remove it from git history.',
  references: ['https://docs.pinecone.io/guides/projects/manage-api-keys'],
  docs: {
    summary: 'Pinecone API keys (pcsk_).',
    bad: ['PINECONE_API_KEY=pcsk_' + 'C7YS3B_AeRGRDSBrFQnl1pobqNcRVIhMiEBlMcc6p4i2Z50ZYPHV41etBw30Ae72QTaFAbB'],
    good: ['PINECONE_API_KEY=pcsk_your_api_key', 'PINECONE_API_KEY=pcsk_' + 'C7YS3B_AeRGRDSBrFQnl1pobq'],
  },
});

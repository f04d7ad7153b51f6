import { connectionUrlRule } from '../connection-url.js';

/**
 * MongoDB URLs with an inline password: mongodb://user:password@host and
 * mongodb+srv://user:password@cluster (Atlas). Local hosts are left to
 * local-service-url-password.
 */
export default connectionUrlRule({
  id: 'mongodb-connection-url',
  title: 'MongoDB connection URL with password',
  severity: 'CRITICAL',
  confidence: 0.8,
  keywords: ['mongodb'],
  schemes: 'mongodb',
  description:
    'A MongoDB connection string with an inline password is committed. Anyone who can reach the cluster (Atlas clusters are often reachable from anywhere) logs in as that user and reads or changes its databases.',
  remediation:
    'Rotate the database user’s password (Atlas → Database Access, or db.changeUserPassword), read the connection string from an environment variable or secret manager, restrict network access, and remove the committed value from git history.',
  references: ['https://www.mongodb.com/docs/manual/reference/connection-string/'],
  docs: {
    summary: 'mongodb:// and mongodb+srv:// connection strings whose password is written inline, on non-local hosts.',
    bad: [
      'MONGO_URI=mongodb+srv://api:N7q' + 'xL3vW9pZ2@cluster0.a1b2c.mongodb.net/prod?retryWrites=true',
      'mongodb://admin:T4k' + 'Zp8Qm2Xr@mongo-1.corp-net.io:27017,mongo-2.corp-net.io:27017/app?replicaSet=rs0',
    ],
    good: [
      'mongodb+srv://<username>:<password>@cluster0.a1b2c.mongodb.net/',
      'mongodb://admin:admin@mongo.corp-net.io:27017',
      'mongodb://mongo.corp-net.io:27017/app',
      'mongodb://api:N7q' + 'xL3vW9pZ2@mongo:27017/app',
    ],
  },
});

import { connectionUrlRule } from '../connection-url.js';

/**
 * AMQP (RabbitMQ, Amazon MQ, CloudAMQP) URLs with an inline password:
 * amqp://user:password@host/vhost. Local hosts are left to local-service-url-password.
 */
export default connectionUrlRule({
  id: 'amqp-connection-url',
  title: 'AMQP connection URL with password',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['amqp'],
  schemes: 'amqps?',
  description:
    'An AMQP connection URL with an inline password is committed. Anyone who can reach the broker connects as that user: reading, publishing and purging messages on the virtual hosts it may use.',
  remediation:
    'Change the user’s password on the broker (rabbitmqctl change_password, or the provider console), read the URL from an environment variable or secret manager, and remove the committed value from git history.',
  references: ['https://www.rabbitmq.com/docs/uri-spec'],
  docs: {
    summary: 'amqp:// and amqps:// URLs whose password is written inline, on non-local hosts.',
    bad: [
      'CELERY_BROKER_URL=amqps://worker:Fp7' + 'xN2qL9vT4@b-3f2a.mq.eu-west-1.amazonaws.com:5671/',
      'amqp://orders:Jm5' + 'tR8kW2zQ@rabbit.corp-net.io:5672/orders',
    ],
    good: [
      'amqp://guest:guest@rabbit.corp-net.io:5672/',
      'AMQP_URL=amqp://app:${RABBITMQ_PASSWORD}@rabbit.corp-net.io/',
      'amqp://orders:Jm5' + 'tR8kW2zQ@rabbitmq:5672/orders',
    ],
  },
});

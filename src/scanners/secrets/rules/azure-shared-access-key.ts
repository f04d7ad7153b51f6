import { defineRule } from '../rule.js';

/** SharedAccessKey=… in Service Bus, Event Hubs, Relay, Notification Hubs and IoT Hub connection strings. */
export default defineRule({
  id: 'azure-shared-access-key',
  title: 'Azure shared access key',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['sharedaccesskey'],
  pattern: /(?<![A-Za-z])SharedAccessKey\s{0,2}=\s{0,2}(?<secret>[A-Za-z0-9+/]{40,86}={0,2})(?![A-Za-z0-9+/=])/i,
  minEntropy: 4,
  // Keys are whole base64 blocks (32 or 64 bytes).
  validate: (secret) => secret.length % 4 === 0 && /[0-9]/.test(secret),
  description:
    'A shared access key for an Azure messaging or IoT namespace is committed. Depending on its policy it sends, receives or manages everything in the Service Bus / Event Hubs namespace or IoT hub (RootManageSharedAccessKey and iothubowner grant full control).',
  remediation:
    'Regenerate the key of the shared access policy in the portal (or az servicebus/eventhubs namespace authorization-rule keys renew), use managed identities or a narrowly scoped policy instead, and keep connection strings in Key Vault or app settings. Remove the key from git history.',
  references: ['https://learn.microsoft.com/azure/service-bus-messaging/service-bus-sas'],
  docs: {
    summary: 'SharedAccessKey values in Service Bus, Event Hubs, Relay and IoT Hub connection strings.',
    bad: [
      'Endpoint=sb://orders-prod.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=' + 'WYSuJLCVvZSCzGBkGpFCcYUa3pd8xfc/yPUK0iHH07e=',
      '"IotHubConnection": "HostName=plant7-hub.azure-devices.net;SharedAccessKeyName=iothubowner;SharedAccessKey=' + 'dAK/PZ8knyuixxSXyADmNqU0DYL6GAXAFSdxLqElgpT="',
    ],
    good: [
      'Endpoint=sb://orders-prod.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=<key>',
      'SharedAccessKeyName=RootManageSharedAccessKey',
      'SharedAccessKey=${SERVICEBUS_KEY}',
    ],
  },
});

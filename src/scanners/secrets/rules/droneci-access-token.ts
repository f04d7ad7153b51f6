import { assignedTo, randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Drone CI access tokens assigned to a Drone setting. */
export default defineRule({
  id: 'droneci-access-token',
  title: 'Drone CI access token',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['drone'],
  multiline: true,
  pattern: assignedTo(String.raw`(?<![a-z])drone`, String.raw`[A-Za-z0-9]{32}`),
  minEntropy: 3.5,
  validate: (secret) => randomLooking(secret),
  description: 'A Drone CI access token is committed. It calls the Drone server as its user: triggering builds, reading and changing repository secrets settings.',
  remediation: 'Rotate the token in the Drone UI (User settings) and update callers. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.drone.io/cli/setup/'],
  docs: {
    summary: 'Drone CI access tokens assigned to a Drone setting.',
    bad: [
      'DRONE_TOKEN=tYwyLmvbBv' + 'kqYvFQ07zIniaS7YkZ3zVg',
      'drone_access_token: "ZHJ6DgdnoI' + 'mbX9L6heksfW2MwS4ywosQ"',
      '  "droneToken": "EAsCrle3rR' + 'iIItmuLt3a7jY1XoQI01m6",',
    ],
    good: [
      'DRONE_TOKEN=${DRONE_TOKEN}',
      'DRONE_TOKEN=tYwyLmvbBvkqYvFQ07z',
      'OTHER_SERVICE_KEY=tYwyLmvbBv' + 'kqYvFQ07zIniaS7YkZ3zVg',
    ],
  },
});

import { defineRule } from '../rule.js';

/** Clojars deploy tokens (CLOJARS_ + 60 characters). */
export default defineRule({
  id: 'clojars-deploy-token',
  title: 'Clojars deploy token',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['clojars_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>CLOJARS_[a-z0-9]{60})(?![A-Za-z0-9_-])/i,
  minEntropy: 3.5,
  description: 'A Clojars deploy token is committed. It publishes new versions of the owner’s (or group’s) Clojure libraries to Clojars, a direct supply-chain risk.',
  remediation: 'Disable the token on clojars.org (Dashboard → Deploy tokens), create a new one scoped to the project, and keep it in a CI secret. Remove the old one from git history.',
  references: ['https://github.com/clojars/clojars-web/wiki/Deploy-Tokens'],
  docs: {
    summary: 'Clojars deploy tokens (CLOJARS_ + 60 characters).',
    bad: [
      'CLOJARS_PASSWORD=CLOJARS_ui0bsocdqi4500' + 'oy5ajfpnuld7vjfs59rm9a8psw72fzj3dlkhad9c4slj3c',
      'clojars_deploy_token: "CLOJARS_lyu9ki2dkhegxi' + 'jlrbc2ghu8ht6ymw6fmi29zei4lzseavw555sbpvshxgq6"',
      'const token = \'CLOJARS_z10404t1nykdt2' + 'gp6aqzrqzkgjdzjb77s0tw5y1z62hgnegdw2r3wwctotf6\';',
    ],
    good: [
      'CLOJARS_PASSWORD=${CLOJARS_PASSWORD}',
      'CLOJARS_PASSWORD=CLOJARS_ui0bsocdqi4500oy5ajfpnuld7vjfs59',
    ],
  },
});

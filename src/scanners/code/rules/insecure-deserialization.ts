import { all } from '../prefilter.js';
import { OWASP, JS_AND_PYTHON } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { INSECURE_DESERIALIZATION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'insecure-deserialization',
    title: 'Deserialisation that can execute code',
    severity: 'HIGH',
    confidence: 0.6,
    taintConfidence: 0.9,
    cwe: 'CWE-502',
    owasp: OWASP.integrity,
    languages: JS_AND_PYTHON,
    description: 'A deserialiser that can instantiate arbitrary objects or run functions is used; whoever controls the serialised bytes runs code.',
    remediation: 'Exchange data as JSON (`JSON.parse`, `json.loads`), use `yaml.safe_load`, and never unpickle data that crossed a trust boundary; sign data you must deserialise.',
    docs: {
      summary:
        '`node-serialize` `unserialize` (and similar JS libraries that revive functions); Python `pickle`/`cPickle`/`dill`/`marshal` loads, `jsonpickle.decode`, `shelve`, `yaml.load` without `SafeLoader`, `yaml.unsafe_load`. Reported on sight (0.6), with 0.9 when request data reaches them.',
    },
    triggers: {
      js: ['unserialize', 'deserialize', 'deepDeserialize', all('cryo', 'parse')],
      python: ['pickle', 'cPickle', '_pickle', 'dill', 'marshal', 'shelve', 'jsonpickle', 'yaml', 'pandas', 'torch', 'joblib'],
    },
  },
  INSECURE_DESERIALIZATION_SINKS,
);

/** Versioned prompt templates, one per AI endpoint. */
export { explainPrompt, EXPLAIN_SECTIONS, type ExplainInput } from './explain.js';
export { fixPrompt, FIX_SECTIONS, type FixInput } from './fix.js';
export { triagePrompt, TRIAGE_SECTIONS, MAX_TRIAGE_FINDINGS, TRIAGE_CAPS, type TriageInput } from './triage.js';
export type { BuiltPrompt, BuildOptions, PromptTemplate } from './types.js';
export { FINDING_CAPS, cleanLine, cleanText, stripControl } from './untrusted.js';

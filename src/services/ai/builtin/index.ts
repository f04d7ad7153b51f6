/** Vigil's offline engine: deterministic explain, fix and triage answers with no AI model. */
export { builtinExplain } from './explain.js';
export { builtinFix } from './fix.js';
export { builtinTriage } from './triage.js';
export { envVarPatch, gitignorePatch, toEnvName } from './diff.js';
export { BUILTIN_NOTICE } from './text.js';
export {
  BUILTIN_MODEL,
  BUILTIN_PROMPT_REPLY,
  createBuiltinProvider,
  isBuiltinProvider,
  paragraphChunks,
  sectionChunks,
  streamSections,
  type BuiltinAi,
  type BuiltinOptions,
  type BuiltinProvider,
} from './provider.js';

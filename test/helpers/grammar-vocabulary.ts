import { CODE_LANGUAGES, loadLanguage } from '../../src/scanners/code/parser.js';

/** Every named node kind and field name of the code scanner's grammars (read from the grammars themselves). */
export async function grammarVocabulary(): Promise<ReadonlySet<string>> {
  const words = new Set<string>();
  for (const language of CODE_LANGUAGES) {
    const lang = await loadLanguage(language);
    for (let id = 0; id < lang.nodeTypeCount; id++) {
      const kind = lang.nodeTypeForId(id);
      if (kind && lang.nodeTypeIsNamed(id)) words.add(kind);
    }
    for (let id = 1; id <= lang.fieldCount; id++) {
      const field = lang.fieldNameForId(id);
      if (field) words.add(field);
    }
  }
  return words;
}

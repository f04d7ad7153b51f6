/** The sections a prompt asks the model for, each with what belongs in it. */
export interface Section {
  readonly heading: string;
  readonly ask: string;
}

/** "Answer with exactly these sections, in this order: …" as a numbered list of `## Heading — what to write`. */
export function sectionsInstruction(sections: readonly Section[]): string {
  const lines = sections.map((s, i) => `${i + 1}. "## ${s.heading}" — ${s.ask}`);
  return ['Answer in plain text (Markdown headings allowed) with exactly these sections, in this order:', ...lines].join('\n');
}

/** What a prompt template builds: the system message and the user prompt sent to a provider. */
export interface BuiltPrompt {
  readonly system: string;
  readonly prompt: string;
}

export interface BuildOptions {
  /** The boundary of the untrusted blocks; random when absent (tests pin it). */
  readonly boundary?: string;
}

/** One endpoint's prompt: a version string (logged with each request) and the builder. */
export interface PromptTemplate<V extends string, I> {
  readonly version: V;
  build(input: I, options?: BuildOptions): BuiltPrompt;
}

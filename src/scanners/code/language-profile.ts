/**
 * Per-language node-kind profiles: which tree-sitter node kinds of a grammar play which role
 * (calls, member accesses, subscripts, assignments, operators, literals, functions, statements,
 * imports …) and which field names read their parts (callee, object, property, arguments, left,
 * right …). The engines never name a node kind themselves: they ask a profile
 * (`profile.kinds.calls.has(node.type)`, `child(node, profile.fields.calls.callee)`), so teaching
 * an engine a grammar is an edit of the data below. The profile test parses examples of every
 * role with the real grammars, so a grammar upgrade that renames a kind or a field fails it.
 *
 * One profile serves JavaScript, TypeScript and TSX (a kind of one dialect never occurs in
 * another's tree); Python has its own; PHP, Go, Java and Ruby (the per-function model) use the
 * same format for the roles that model reads. A role a language does not have is left out: it
 * matches no node. Some roles are narrower than their name suggests on purpose, where the engine
 * treats a construct in one language only (each says so).
 */
import type { CodeLanguage } from './parser.js';

/** Every role a profile can fill. Names are plural and never a grammar's own kind name. */
export const ROLES = [
  // Names and literals
  'identifiers',
  /** `this` (JavaScript). */
  'thisKeywords',
  /** Property names after `.` and keys of object literals (JavaScript). */
  'propertyIdentifiers',
  /** `{ a }` in an object literal: the value of the variable `a` (JavaScript). */
  'shorthandProperties',
  /** Quoted string literals (a Python f-string is one, with interpolations). */
  'strings',
  /** Template literals (JavaScript backquotes). */
  'templates',
  /** The constant text pieces of a string or template. */
  'stringTexts',
  'escapes',
  /** `${…}` in a template, `{…}` in an f-string. Fields: value, format, conversion. */
  'interpolations',
  /** Adjacent string literals joined by the parser (Python `'a' 'b'`). */
  'concatenatedStrings',
  'numbers',
  'trueLiterals',
  'falseLiterals',
  /** `null`, `undefined`, `None`. */
  'nullLiterals',
  'regexLiterals',
  // Expressions
  /** Calls with a callee field. Fields: callee, arguments. */
  'calls',
  /** `new X(…)`. Fields: callee, arguments. */
  'constructions',
  /** Method calls with receiver and name fields (PHP, Java, Ruby). Fields: receiver, method, arguments, block. */
  'methodCalls',
  /** `$a?->b()` (PHP). Fields: receiver, method, arguments. */
  'optionalMethodCalls',
  /** `A::b()` (PHP). Fields: receiver, method, arguments. */
  'staticCalls',
  /** The node holding a call's arguments. */
  'argumentLists',
  /** A node wrapping one argument (PHP `argument`). */
  'argumentWrappers',
  /** `f(name=value)` (Python). Fields: name, value. */
  'keywordArguments',
  /** Class names in `new` (PHP). */
  'typeNames',
  /** Calls the string engine reads as a string method on their receiver (`'…'.format(…)`, `s.strip()`): Python only, as JavaScript strings have no `format`. */
  'stringMethodCalls',
  /** `a.b`. Fields: object, property. */
  'members',
  /** `a[b]`. Fields: object, index. */
  'subscripts',
  /** `a[1:2]` (Python). */
  'slices',
  /** Nodes that do not change their inner expression's value: parentheses, TypeScript type assertions. */
  'wrappers',
  /** Binary operators, concatenation among them. Fields: left, right, operator. */
  'binaries',
  /** `and`/`or` (Python). Fields: left, right, operator. */
  'booleanOperators',
  /** Comparison chains (Python `a < b <= c`, `x not in y`), operands by position. */
  'comparisons',
  /** Fields: argument. */
  'unaries',
  /** `not x` (Python). Fields: argument. */
  'negations',
  /** Negations a guard condition may be (`!ok`, `not ok`): the function model's guards read through them. Fields: argument. */
  'conditionNegations',
  /** Lookups a guard condition may be (`if allowed[name]`): a membership check of the index. Fields: object, index (else by position). */
  'conditionLookups',
  /** `c ? a : b`. Fields: condition, consequence, alternative. */
  'ternaries',
  /** `a if c else b` (Python): value, condition and alternative by position. */
  'inlineIfs',
  /** Assignments anywhere. Fields: left, right. */
  'assignments',
  /** `x += v`. Fields: left, right. */
  'augmentedAssignments',
  /** Assignments that are expressions, whose value is their right side (JavaScript; Python's are statements). Fields: left, right. */
  'assignmentExpressions',
  /** `(x := v)` (Python). Fields: name, value. */
  'namedExpressions',
  /** `const x = v` (one declarator). Fields: name, value. */
  'declarators',
  /** `i++`. Fields: argument. */
  'updates',
  /** `a, b` as one expression whose value is the last (JavaScript). */
  'sequences',
  'awaits',
  /** `...x`, `*x`. */
  'spreads',
  /** `**x` (Python). */
  'mapSpreads',
  /** `{x}` in JSX. */
  'jsxExpressions',
  /** `a, b` as a tuple without parentheses (Python). */
  'expressionLists',
  /** Array and list literals. */
  'lists',
  'tuples',
  'sets',
  /** Object and dictionary literals. */
  'maps',
  /** Literals whose properties name the options of a call (JavaScript options objects; Python passes options as keyword arguments). */
  'optionObjects',
  /** A key and its value in a map literal. Fields: key, value. */
  'pairs',
  // Statements
  'blocks',
  /** The root of a file. */
  'programs',
  'expressionStatements',
  /** `let`/`const`/`var` statements. */
  'declarations',
  'returns',
  /** `throw`, `raise`. */
  'raises',
  'continues',
  'breaks',
  /** Fields: condition, consequence. */
  'ifs',
  /** Fields: condition, consequence. */
  'elifs',
  /** `unless` (Ruby): an if whose first branch runs when the condition is false. Fields: condition, consequence, alternative. */
  'unlesses',
  /** An else-if that is a conditional of its own, held in its if's alternative field (Ruby `elsif`). Fields: condition, consequence, alternative. */
  'chainedIfs',
  /** `x if c` (Ruby). Fields: condition, consequence. */
  'ifModifiers',
  /** `x unless c` (Ruby). Fields: condition, consequence. */
  'unlessModifiers',
  /** Fields: body. */
  'elses',
  /** Fields: condition. */
  'whiles',
  'doWhiles',
  /** Counting loops `for (init; cond; step)` (JavaScript). */
  'forLoops',
  /** Loops over the elements of a value. Fields: left, right. */
  'forEachLoops',
  'catches',
  /** Fields: value, body. */
  'switches',
  /** Fields: value, body; `pattern` where each label is a field of the case (Ruby `when`). */
  'switchCases',
  'switchDefaults',
  /** The labels of a case when they are nodes of their own (Java `case "a":`); one without a value is `default`. */
  'switchLabels',
  /** Cases that run into the next unless they leave (PHP and Java `case …:`); other cases run into the next only by a fallthrough statement. */
  'fallingCases',
  /** `fallthrough` (Go). */
  'fallthroughs',
  /** Statements that end the program (PHP `exit`). */
  'exits',
  /** Fields: subject. */
  'matches',
  /** Fields: guard, consequence. */
  'caseClauses',
  'casePatterns',
  'unionPatterns',
  'dottedNames',
  /** `with … as x`, `except E as x` (Python). Fields: alias. */
  'asPatterns',
  /** `global`, `nonlocal` (Python). */
  'sharedDeclarations',
  // Functions and parameters
  /** Every function, method and lambda: the scopes of the engines. Fields: name, parameters, parameter, body. */
  'functions',
  /** Named function declarations a call by that name reaches. */
  'functionDeclarations',
  /** Functions whose body may be one expression (arrow functions, lambdas). */
  'lambdas',
  /** Methods written in a class body or an object literal (JavaScript). */
  'methods',
  'decorators',
  /** Fields: definition. */
  'decoratedDefinitions',
  /** `{ a }` in a destructuring pattern (JavaScript). */
  'shorthandPatterns',
  /** `{ a: b }` in a destructuring pattern. Fields: key, value. */
  'pairPatterns',
  /** A pattern or parameter with a default value. Fields: target. */
  'defaultPatterns',
  /** TypeScript parameters wrapping their pattern. Fields: pattern. */
  'typedParameters',
  /** Patterns whose named parts are each bound (object, array, tuple and list patterns). */
  'destructurings',
  /** Type annotations inside a pattern (not bound). */
  'typeAnnotations',
  // Imports
  /** Fields: source. */
  'imports',
  'importClauses',
  'namespaceImports',
  'namedImports',
  /** Fields: name, alias. */
  'importSpecifiers',
  /** Fields: name, alias. */
  'aliasedImports',
  /** `from m import a` (Python). Fields: module, name. */
  'fromImports',
  /** The `import` of `import('x')`. */
  'dynamicImports',
  // Exports (the repository pass reads which functions a module exports)
  /** `export …` statements. Fields: declaration, value (of `export default v`), source (a re-export's module). */
  'exports',
  /** The `{ a, b as c }` of an export statement. */
  'exportClauses',
  /** Fields: name, alias. */
  'exportSpecifiers',
  // function-model/taint.ts, fold.ts
  /** A declared parameter as a value: a variable bound from the request holds one (Java `@RequestParam String q`), whose text is the source. */
  'parameterDeclarations',
  /** Type casts (`(int) $x`, `(int) x`), whose text names the type. */
  'casts',
  /** Member reads and method calls whose identifiers other than the object and the arguments name a member, not a variable (Go `r.Form`, Java `o.get()`). Fields: object, arguments. */
  'memberNameParents',
  /**
   * Literals the function model takes as constant: strings (a Ruby one unless it interpolates), their text
   * pieces and escapes, numbers (Java: decimal integers), booleans, null, Ruby symbols and constants, Java characters.
   */
  'constantLiterals',
  /** Strings whose named children are text pieces and interpolated values (PHP double quotes and heredocs, Ruby strings). */
  'interpolatingStrings',
  /** Backquoted shell commands, built like interpolating strings. */
  'shellCommands',
  /** The body of a heredoc: text pieces and interpolated values. */
  'heredocBodies',
  /**
   * Binary operators the function model folds and reads as concatenation (`.`, `+`), comparison and logic
   * (PHP, Go, Java; Ruby's `binary` is read only as an append, `<<`, and a branch that leaves). Fields: left, right.
   */
  'foldedBinaries',
  /** `c ? a : b` whose value is constant when the branches it may take are (PHP, Java; not yet Ruby's). Fields: condition, consequence, alternative. */
  'constantTernaries',
  /** Method calls folded on a local filled with constants: `map.get("k")`, `list.get(1)`, `"abc".charAt(2)` (Java). Fields: receiver, method, arguments. */
  'foldedMethodCalls',
  /** Integer literals (folded when written in decimal). */
  'integerLiterals',
  /** `'C'` (Java). */
  'characterLiterals',
  /**
   * Parentheses the function model reads through, in Java also the parenthesized condition of an `if` or a loop
   * (`wrappers` stays empty in these languages: call shapes and sink rows strip those from receivers).
   */
  'parentheses',
  /** Ifs whose branches a constant condition folds away (Go, Java; in PHP the `else` only; not yet Ruby's). Fields: condition, consequence, alternative. */
  'foldedIfs',
  /** Named constants: PHP `FOO`, `Foo::BAR` (other languages' constants are identifiers written in capitals). */
  'namedConstants',
  /** Fields: name. */
  'classDeclarations',
  /** Nodes whose text is a string's constant text, for SQL and shell shape checks: the text pieces of a string; Go's string literals whole (their quotes dropped). */
  'constantTexts',
  // function-model/taint.ts: lookups in constant tables
  /**
   * Array and hash literals a lookup can read (PHP `array(…)`/`[…]`, Ruby `[…]`/`{…}`): their named
   * children are the entries, each a value or a key-value pair.
   */
  'tableLiterals',
  // function-model/assignments.ts, values.ts
  /** Declarations of several names and values at once, read pairwise like an assignment (Go `var a, b = x, y`). Fields: name, value. */
  'listDeclarators',
  /** Subscripts that append to their array when assigned with an empty index (PHP `$a[] = x`). */
  'appendingSubscripts',
  /** The `k => v` binding of a loop over keys and values, both names taking the iterated value (PHP `foreach`). */
  'forEachPairs',
  /** Blocks passed to a method call, whose parameters an iterator binds to the receiver's elements (Ruby `each do |k, v|`). Fields: parameters. */
  'callBlocks',
  /** Declarations and assignments that define a file-level constant when outside a function (Java fields, Go `const`, PHP `const`, Ruby `NAME = …`). Fields: name, value (by position when absent). */
  'constantDefinitions',
  /** Names spelled as constants, followed to their definition like variables (Ruby `NAME`). */
  'constantNames',
  /** Bare names that may be a constant defined elsewhere (PHP `NAME`): fixed text, not followed as variables. */
  'definedConstantNames',
  /** `A.B`, `A::B`: a name qualified by a class, module or package, whose last part may be a file-level constant. Fields: property (else the last named child). */
  'qualifiedConstants',
  /** Nodes the per-function model's values read through to their last named child (parentheses, Go composite-literal elements); with argumentWrappers. */
  'valueWrappers',
  /** String literals whose value the function model reads: single-quoted PHP, Go (raw too) and Java strings, Ruby strings (their interpolations left out). */
  'literalStrings',
  /** Strings with interpolations whose value is known when every part is literal (PHP double quotes). */
  'interpolatedStrings',
  /** Calls that may format a string (`fmt.Sprintf`, `String.format`, `sprintf`), whose format heads the value (not Ruby's). Fields: arguments. */
  'formatCalls',
  // function-model/guards.ts, sources.ts, crypto.ts, purpose.ts
  /**
   * Nodes with parts that name something rather than read a variable: a declaration's or a method's
   * name, a called method, a field after a dot. Fields: name, method, property. The fields are read
   * on any node (an identifier under one of them is not a read); the kinds are where they occur.
   */
  'namingNodes',
  /** Statements, bodies and declarations where the search for what a value is stored under stops. */
  'storageBoundaries',
  /** Nodes that hold just a condition (Java `condition`, Ruby `(…)` statements), seen through when a guard condition is read. */
  'conditionWrappers',
  /** Binary operators a guard condition may be (`a && b`, `x == y`, Ruby `s =~ re`), the operator being the text between the sides. Fields: left, right. */
  'conditionOperators',
  /** The links of a chain of calls on a value (`new File(b, n).toPath()`), through which a built path or URL is followed to the variable holding it. Fields: object (the value the link is on). */
  'callChainLinks',
  /** String literals without escape sequences (Go backquotes). */
  'rawStrings',
] as const;
export type Role = (typeof ROLES)[number];

/** What a field of a role reads (the grammar's own field name differs per language). */
export type FieldRole =
  | 'alias'
  | 'alternative'
  | 'argument'
  | 'arguments'
  | 'block'
  | 'body'
  | 'callee'
  | 'condition'
  | 'consequence'
  | 'conversion'
  | 'declaration'
  | 'definition'
  | 'format'
  | 'guard'
  | 'index'
  | 'key'
  | 'left'
  | 'method'
  | 'module'
  | 'name'
  | 'object'
  | 'operator'
  | 'parameter'
  | 'parameters'
  | 'pattern'
  | 'property'
  | 'receiver'
  | 'right'
  | 'source'
  | 'subject'
  | 'target'
  | 'type'
  | 'value';

export type RoleFields = Readonly<Partial<Record<FieldRole, string>>>;

/** One role of a language: its kinds and the field names of its parts. */
export interface RoleSpec {
  readonly kinds: readonly string[];
  readonly fields?: RoleFields;
}

export interface ProfileSpec {
  readonly roles: Readonly<Partial<Record<Role, RoleSpec>>>;
  /** Fields of a branch or loop statement that are not a body it may run (condition, iterable, subject …). */
  readonly branchHeadFields?: readonly string[];
  /** Kinds ending with this are statements (a branch body that is a single statement). */
  readonly statementSuffix?: string;
  /** Unary operators whose result is a number or boolean whatever the operand (`+x`, `typeof x`). */
  readonly coercingUnaryOperators?: readonly string[];
  /** The operator that formats a string with values (`'%s' % x`). */
  readonly formatOperator?: string;
  /** The separator of namespaced function names (`\Foo\bar()`). */
  readonly namespaceSeparator?: string;
  /** The method that constructs an object (`Foo.new`). */
  readonly constructorMethod?: string;
  /** The keyword of a default export (`export default f`), an unnamed child of an export statement. */
  readonly defaultKeyword?: string;
  /** Names that always hold null, parsed as identifiers in some places (JavaScript `undefined`). */
  readonly nullNames?: readonly string[];
  /** The object a method runs on, skipped at the head of a member chain when sources are matched (`this.req.body`). */
  readonly receiverNames?: readonly string[];
}

export type ProfileName = 'javascript' | 'python' | 'php' | 'go' | 'java' | 'ruby';

/** A profile compiled for lookups: a set of kinds and the fields of every role (an absent role is an empty set). */
export interface LanguageProfile {
  readonly name: ProfileName;
  /** Dense index, for per-profile caches. */
  readonly id: number;
  readonly kinds: Readonly<Record<Role, ReadonlySet<string>>>;
  readonly fields: Readonly<Record<Role, RoleFields>>;
  readonly branchHeadFields: readonly string[];
  readonly statementSuffix: string | undefined;
  readonly coercingUnaryOperators: readonly string[];
  readonly formatOperator: string | undefined;
  readonly namespaceSeparator: string | undefined;
  readonly constructorMethod: string | undefined;
  readonly defaultKeyword: string | undefined;
  readonly nullNames: readonly string[];
  readonly receiverNames: readonly string[];
  readonly spec: ProfileSpec;
}

/** Comments, which every grammar here names `comment` (Java's `line_comment`/`block_comment` excepted). */
export const COMMENT_KIND = 'comment';

const CALL_FIELDS: RoleFields = { callee: 'function', arguments: 'arguments' };

export const PROFILE_SPECS: Readonly<Record<ProfileName, ProfileSpec>> = Object.freeze({
  javascript: {
    roles: {
      conditionNegations: { kinds: ['unary_expression'], fields: { argument: 'argument' } },
      conditionLookups: { kinds: ['subscript_expression'], fields: { object: 'object', index: 'index' } },
      identifiers: { kinds: ['identifier'] },
      thisKeywords: { kinds: ['this'] },
      propertyIdentifiers: { kinds: ['property_identifier'] },
      shorthandProperties: { kinds: ['shorthand_property_identifier'] },
      strings: { kinds: ['string'] },
      templates: { kinds: ['template_string'] },
      stringTexts: { kinds: ['string_fragment'] },
      escapes: { kinds: ['escape_sequence'] },
      interpolations: { kinds: ['template_substitution'] },
      numbers: { kinds: ['number'] },
      trueLiterals: { kinds: ['true'] },
      falseLiterals: { kinds: ['false'] },
      nullLiterals: { kinds: ['null', 'undefined'] },
      regexLiterals: { kinds: ['regex'] },
      calls: { kinds: ['call_expression'], fields: CALL_FIELDS },
      constructions: { kinds: ['new_expression'], fields: { callee: 'constructor', arguments: 'arguments' } },
      argumentLists: { kinds: ['arguments'] },
      members: { kinds: ['member_expression'], fields: { object: 'object', property: 'property' } },
      subscripts: { kinds: ['subscript_expression'], fields: { object: 'object', index: 'index' } },
      wrappers: { kinds: ['parenthesized_expression', 'as_expression', 'non_null_expression', 'satisfies_expression', 'type_assertion'] },
      binaries: { kinds: ['binary_expression'], fields: { left: 'left', right: 'right', operator: 'operator' } },
      unaries: { kinds: ['unary_expression'], fields: { argument: 'argument' } },
      ternaries: { kinds: ['ternary_expression'], fields: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
      assignments: { kinds: ['assignment_expression'], fields: { left: 'left', right: 'right' } },
      augmentedAssignments: { kinds: ['augmented_assignment_expression'], fields: { left: 'left', right: 'right' } },
      assignmentExpressions: { kinds: ['assignment_expression', 'augmented_assignment_expression'], fields: { left: 'left', right: 'right' } },
      declarators: { kinds: ['variable_declarator'], fields: { name: 'name', value: 'value' } },
      updates: { kinds: ['update_expression'], fields: { argument: 'argument' } },
      sequences: { kinds: ['sequence_expression'] },
      awaits: { kinds: ['await_expression'] },
      spreads: { kinds: ['spread_element'] },
      jsxExpressions: { kinds: ['jsx_expression'] },
      lists: { kinds: ['array'] },
      maps: { kinds: ['object'] },
      optionObjects: { kinds: ['object'] },
      pairs: { kinds: ['pair'], fields: { key: 'key', value: 'value' } },
      blocks: { kinds: ['statement_block'] },
      programs: { kinds: ['program'] },
      expressionStatements: { kinds: ['expression_statement'] },
      declarations: { kinds: ['lexical_declaration', 'variable_declaration'] },
      returns: { kinds: ['return_statement'] },
      raises: { kinds: ['throw_statement'] },
      continues: { kinds: ['continue_statement'] },
      breaks: { kinds: ['break_statement'] },
      ifs: { kinds: ['if_statement'], fields: { condition: 'condition', consequence: 'consequence' } },
      elses: { kinds: ['else_clause'] },
      whiles: { kinds: ['while_statement'], fields: { condition: 'condition' } },
      doWhiles: { kinds: ['do_statement'] },
      forLoops: { kinds: ['for_statement'] },
      forEachLoops: { kinds: ['for_in_statement'], fields: { left: 'left', right: 'right' } },
      catches: { kinds: ['catch_clause'] },
      switches: { kinds: ['switch_statement'], fields: { value: 'value' } },
      switchCases: { kinds: ['switch_case'], fields: { value: 'value', body: 'body' } },
      switchDefaults: { kinds: ['switch_default'] },
      functions: {
        kinds: ['function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function_declaration', 'generator_function'],
        fields: { name: 'name', parameters: 'parameters', parameter: 'parameter', body: 'body' },
      },
      functionDeclarations: { kinds: ['function_declaration', 'generator_function_declaration'] },
      lambdas: { kinds: ['arrow_function'] },
      methods: { kinds: ['method_definition'] },
      decorators: { kinds: ['decorator'] },
      shorthandPatterns: { kinds: ['shorthand_property_identifier_pattern'] },
      pairPatterns: { kinds: ['pair_pattern'], fields: { key: 'key', value: 'value' } },
      defaultPatterns: { kinds: ['object_assignment_pattern', 'assignment_pattern'], fields: { target: 'left' } },
      typedParameters: { kinds: ['required_parameter', 'optional_parameter'], fields: { pattern: 'pattern', type: 'type' } },
      destructurings: { kinds: ['object_pattern', 'array_pattern', 'rest_pattern', 'parenthesized_expression'] },
      typeAnnotations: { kinds: ['type_annotation'] },
      imports: { kinds: ['import_statement'], fields: { source: 'source' } },
      importClauses: { kinds: ['import_clause'] },
      namespaceImports: { kinds: ['namespace_import'] },
      namedImports: { kinds: ['named_imports'] },
      importSpecifiers: { kinds: ['import_specifier'], fields: { name: 'name', alias: 'alias' } },
      dynamicImports: { kinds: ['import'] },
      exports: { kinds: ['export_statement'], fields: { declaration: 'declaration', value: 'value', source: 'source' } },
      exportClauses: { kinds: ['export_clause'] },
      exportSpecifiers: { kinds: ['export_specifier'], fields: { name: 'name', alias: 'alias' } },
    },
    branchHeadFields: ['condition', 'left', 'right', 'initializer', 'value'],
    statementSuffix: '_statement',
    coercingUnaryOperators: ['+', '-', '!', '~', 'typeof'],
    defaultKeyword: 'default',
    nullNames: ['undefined'],
    receiverNames: ['this'],
  },
  python: {
    roles: {
      conditionNegations: { kinds: ['not_operator'], fields: { argument: 'argument' } },
      identifiers: { kinds: ['identifier'] },
      strings: { kinds: ['string'] },
      stringTexts: { kinds: ['string_content'] },
      escapes: { kinds: ['escape_sequence'] },
      interpolations: { kinds: ['interpolation'], fields: { value: 'expression', format: 'format_specifier', conversion: 'type_conversion' } },
      concatenatedStrings: { kinds: ['concatenated_string'] },
      numbers: { kinds: ['integer', 'float'] },
      trueLiterals: { kinds: ['true'] },
      falseLiterals: { kinds: ['false'] },
      nullLiterals: { kinds: ['none'] },
      calls: { kinds: ['call'], fields: CALL_FIELDS },
      argumentLists: { kinds: ['argument_list'] },
      keywordArguments: { kinds: ['keyword_argument'], fields: { name: 'name', value: 'value' } },
      stringMethodCalls: { kinds: ['call'], fields: CALL_FIELDS },
      members: { kinds: ['attribute'], fields: { object: 'object', property: 'attribute' } },
      subscripts: { kinds: ['subscript'], fields: { object: 'value', index: 'subscript' } },
      slices: { kinds: ['slice'] },
      wrappers: { kinds: ['parenthesized_expression'] },
      binaries: { kinds: ['binary_operator'], fields: { left: 'left', right: 'right', operator: 'operator' } },
      booleanOperators: { kinds: ['boolean_operator'], fields: { left: 'left', right: 'right', operator: 'operator' } },
      comparisons: { kinds: ['comparison_operator'] },
      unaries: { kinds: ['unary_operator'], fields: { argument: 'argument' } },
      negations: { kinds: ['not_operator'], fields: { argument: 'argument' } },
      inlineIfs: { kinds: ['conditional_expression'] },
      assignments: { kinds: ['assignment'], fields: { left: 'left', right: 'right' } },
      augmentedAssignments: { kinds: ['augmented_assignment'], fields: { left: 'left', right: 'right' } },
      namedExpressions: { kinds: ['named_expression'], fields: { name: 'name', value: 'value' } },
      awaits: { kinds: ['await'] },
      spreads: { kinds: ['list_splat'] },
      mapSpreads: { kinds: ['dictionary_splat'] },
      expressionLists: { kinds: ['expression_list'] },
      lists: { kinds: ['list'] },
      tuples: { kinds: ['tuple'] },
      sets: { kinds: ['set'] },
      maps: { kinds: ['dictionary'] },
      pairs: { kinds: ['pair'], fields: { key: 'key', value: 'value' } },
      blocks: { kinds: ['block'] },
      programs: { kinds: ['module'] },
      expressionStatements: { kinds: ['expression_statement'] },
      returns: { kinds: ['return_statement'] },
      raises: { kinds: ['raise_statement'] },
      continues: { kinds: ['continue_statement'] },
      breaks: { kinds: ['break_statement'] },
      ifs: { kinds: ['if_statement'], fields: { condition: 'condition', consequence: 'consequence' } },
      elifs: { kinds: ['elif_clause'], fields: { condition: 'condition', consequence: 'consequence' } },
      elses: { kinds: ['else_clause'], fields: { body: 'body' } },
      whiles: { kinds: ['while_statement'], fields: { condition: 'condition' } },
      forEachLoops: { kinds: ['for_statement'], fields: { left: 'left', right: 'right' } },
      catches: { kinds: ['except_clause'] },
      matches: { kinds: ['match_statement'], fields: { subject: 'subject' } },
      caseClauses: { kinds: ['case_clause'], fields: { guard: 'guard', consequence: 'consequence' } },
      casePatterns: { kinds: ['case_pattern'] },
      unionPatterns: { kinds: ['union_pattern'] },
      dottedNames: { kinds: ['dotted_name'] },
      asPatterns: { kinds: ['as_pattern'], fields: { alias: 'alias' } },
      sharedDeclarations: { kinds: ['global_statement', 'nonlocal_statement'] },
      functions: { kinds: ['function_definition', 'lambda'], fields: { name: 'name', parameters: 'parameters', body: 'body' } },
      functionDeclarations: { kinds: ['function_definition'] },
      lambdas: { kinds: ['lambda'] },
      decorators: { kinds: ['decorator'] },
      decoratedDefinitions: { kinds: ['decorated_definition'], fields: { definition: 'definition' } },
      defaultPatterns: { kinds: ['default_parameter', 'typed_default_parameter'], fields: { target: 'name' } },
      destructurings: { kinds: ['pattern_list', 'tuple_pattern', 'list_pattern', 'list_splat_pattern', 'dictionary_splat_pattern', 'typed_parameter', 'parenthesized_expression', 'tuple', 'list'] },
      typeAnnotations: { kinds: ['type'] },
      imports: { kinds: ['import_statement'] },
      aliasedImports: { kinds: ['aliased_import'], fields: { name: 'name', alias: 'alias' } },
      fromImports: { kinds: ['import_from_statement'], fields: { module: 'module_name', name: 'name' } },
    },
    branchHeadFields: ['condition', 'left', 'right', 'subject'],
    statementSuffix: '_statement',
    formatOperator: '%',
  },
  php: {
    roles: {
      conditionNegations: { kinds: ['unary_op_expression'], fields: { argument: 'argument' } },
      conditionLookups: { kinds: ['subscript_expression'] },
      identifiers: { kinds: ['variable_name'] },
      calls: { kinds: ['function_call_expression'], fields: CALL_FIELDS },
      methodCalls: { kinds: ['member_call_expression'], fields: { receiver: 'object', method: 'name', arguments: 'arguments' } },
      optionalMethodCalls: { kinds: ['nullsafe_member_call_expression'], fields: { receiver: 'object', method: 'name', arguments: 'arguments' } },
      staticCalls: { kinds: ['scoped_call_expression'], fields: { receiver: 'scope', method: 'name', arguments: 'arguments' } },
      constructions: { kinds: ['object_creation_expression'] },
      typeNames: { kinds: ['name', 'qualified_name'] },
      argumentLists: { kinds: ['arguments'] },
      argumentWrappers: { kinds: ['argument'] },
      functions: { kinds: ['function_definition', 'method_declaration', 'anonymous_function_creation_expression', 'arrow_function'], fields: { name: 'name', parameters: 'parameters', body: 'body' } },
      // Branches and checks (function-model/branches.ts).
      ifs: { kinds: ['if_statement'], fields: { condition: 'condition', consequence: 'body', alternative: 'alternative' } },
      elifs: { kinds: ['else_if_clause'], fields: { condition: 'condition', consequence: 'body' } },
      elses: { kinds: ['else_clause'], fields: { body: 'body' } },
      ternaries: { kinds: ['conditional_expression'], fields: { condition: 'condition', consequence: 'body', alternative: 'alternative' } },
      switches: { kinds: ['switch_statement'], fields: { value: 'condition', body: 'body' } },
      switchCases: { kinds: ['case_statement'], fields: { value: 'value' } },
      switchDefaults: { kinds: ['default_statement'] },
      fallingCases: { kinds: ['case_statement', 'default_statement'] },
      blocks: { kinds: ['compound_statement'] },
      expressionStatements: { kinds: ['expression_statement'] },
      returns: { kinds: ['return_statement'] },
      raises: { kinds: ['throw_expression'] },
      breaks: { kinds: ['break_statement'] },
      continues: { kinds: ['continue_statement'] },
      exits: { kinds: ['exit_statement'] },
      // function-model/taint.ts, fold.ts
      augmentedAssignments: { kinds: ['augmented_assignment_expression'], fields: { left: 'left', right: 'right' } },
      casts: { kinds: ['cast_expression'] },
      constantLiterals: { kinds: ['string', 'integer', 'float', 'boolean', 'null', 'nowdoc', 'string_content', 'escape_sequence'] },
      interpolatingStrings: { kinds: ['encapsed_string', 'heredoc'] },
      shellCommands: { kinds: ['shell_command_expression'] },
      heredocBodies: { kinds: ['heredoc_body'] },
      foldedBinaries: { kinds: ['binary_expression'], fields: { left: 'left', right: 'right' } },
      constantTernaries: { kinds: ['conditional_expression'], fields: { condition: 'condition', consequence: 'body', alternative: 'alternative' } },
      integerLiterals: { kinds: ['integer'] },
      parentheses: { kinds: ['parenthesized_expression'] },
      // The then branch is under `body`, which is not folded.
      foldedIfs: { kinds: ['if_statement'], fields: { condition: 'condition', alternative: 'alternative' } },
      namedConstants: { kinds: ['class_constant_access_expression', 'name'] },
      classDeclarations: { kinds: ['class_declaration'], fields: { name: 'name' } },
      constantTexts: { kinds: ['string_content'] },
      // function-model/taint.ts: lookups in constant tables
      tableLiterals: { kinds: ['array_creation_expression'] },
      // function-model/assignments.ts, values.ts
      assignments: { kinds: ['assignment_expression'], fields: { left: 'left', right: 'right' } },
      // The iterated value and the binding by position.
      forEachLoops: { kinds: ['foreach_statement'] },
      forEachPairs: { kinds: ['pair'] },
      appendingSubscripts: { kinds: ['subscript_expression'] },
      constantDefinitions: { kinds: ['const_element'] },
      definedConstantNames: { kinds: ['name'] },
      qualifiedConstants: { kinds: ['class_constant_access_expression'] },
      valueWrappers: { kinds: ['parenthesized_expression'] },
      formatCalls: { kinds: ['function_call_expression'], fields: { arguments: 'arguments' } },
      literalStrings: { kinds: ['string'] },
      interpolatedStrings: { kinds: ['encapsed_string'] },
      stringTexts: { kinds: ['string_content'] },
      escapes: { kinds: ['escape_sequence'] },
      // function-model/guards.ts, sources.ts, crypto.ts, purpose.ts
      subscripts: { kinds: ['subscript_expression'] },
      lists: { kinds: ['array_creation_expression'] },
      pairs: { kinds: ['array_element_initializer'] },
      namingNodes: { kinds: ['function_definition', 'member_call_expression'], fields: { name: 'name' } },
      storageBoundaries: { kinds: ['expression_statement', 'compound_statement', 'if_statement', 'for_statement', 'while_statement', 'program', 'method_declaration', 'function_definition'] },
      conditionOperators: { kinds: ['binary_expression'], fields: { left: 'left', right: 'right' } },
    },
    namespaceSeparator: '\\',
  },
  go: {
    roles: {
      conditionNegations: { kinds: ['unary_expression'], fields: { argument: 'operand' } },
      conditionLookups: { kinds: ['index_expression'], fields: { object: 'operand', index: 'index' } },
      identifiers: { kinds: ['identifier'] },
      calls: { kinds: ['call_expression'], fields: CALL_FIELDS },
      members: { kinds: ['selector_expression'], fields: { object: 'operand', property: 'field' } },
      argumentLists: { kinds: ['argument_list'] },
      functions: { kinds: ['function_declaration', 'method_declaration', 'func_literal'], fields: { name: 'name', parameters: 'parameters', body: 'body' } },
      // Branches and checks (function-model/branches.ts).
      ifs: { kinds: ['if_statement'], fields: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
      switches: { kinds: ['expression_switch_statement'], fields: { value: 'value' } },
      switchCases: { kinds: ['expression_case'], fields: { value: 'value' } },
      switchDefaults: { kinds: ['default_case'] },
      fallthroughs: { kinds: ['fallthrough_statement'] },
      expressionLists: { kinds: ['expression_list'] },
      blocks: { kinds: ['block'] },
      expressionStatements: { kinds: ['expression_statement'] },
      returns: { kinds: ['return_statement'] },
      breaks: { kinds: ['break_statement'] },
      continues: { kinds: ['continue_statement'] },
      // function-model/taint.ts, fold.ts
      trueLiterals: { kinds: ['true'] },
      falseLiterals: { kinds: ['false'] },
      memberNameParents: { kinds: ['selector_expression'], fields: { object: 'operand' } },
      constantLiterals: { kinds: ['interpreted_string_literal', 'raw_string_literal', 'int_literal', 'float_literal', 'true', 'false', 'nil', 'escape_sequence'] },
      foldedBinaries: { kinds: ['binary_expression'], fields: { left: 'left', right: 'right' } },
      integerLiterals: { kinds: ['int_literal'] },
      parentheses: { kinds: ['parenthesized_expression'] },
      foldedIfs: { kinds: ['if_statement'], fields: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
      constantTexts: { kinds: ['interpreted_string_literal', 'raw_string_literal'] },
      // function-model/assignments.ts, values.ts
      assignments: { kinds: ['short_var_declaration', 'assignment_statement'], fields: { left: 'left', right: 'right' } },
      listDeclarators: { kinds: ['var_spec'], fields: { name: 'name', value: 'value' } },
      // The range clause of a `for` (its names and the ranged value).
      forEachLoops: { kinds: ['range_clause'], fields: { left: 'left', right: 'right' } },
      constantDefinitions: { kinds: ['const_spec'], fields: { name: 'name', value: 'value' } },
      qualifiedConstants: { kinds: ['selector_expression'], fields: { property: 'field' } },
      valueWrappers: { kinds: ['parenthesized_expression', 'literal_element'] },
      formatCalls: { kinds: ['call_expression'], fields: { arguments: 'arguments' } },
      literalStrings: { kinds: ['interpreted_string_literal', 'raw_string_literal'] },
      escapes: { kinds: ['escape_sequence'] },
      // function-model/guards.ts, sources.ts, crypto.ts, purpose.ts
      pairs: { kinds: ['keyed_element'] },
      namingNodes: { kinds: ['function_declaration', 'selector_expression'], fields: { name: 'name', property: 'field' } },
      storageBoundaries: { kinds: ['expression_statement', 'block', 'if_statement', 'for_statement', 'source_file', 'method_declaration', 'function_declaration'] },
      conditionOperators: { kinds: ['binary_expression'], fields: { left: 'left', right: 'right' } },
      callChainLinks: { kinds: ['selector_expression'], fields: { object: 'operand' } },
      rawStrings: { kinds: ['raw_string_literal'] },
    },
  },
  java: {
    roles: {
      conditionNegations: { kinds: ['unary_expression'], fields: { argument: 'operand' } },
      identifiers: { kinds: ['identifier'] },
      methodCalls: { kinds: ['method_invocation'], fields: { receiver: 'object', method: 'name', arguments: 'arguments' } },
      constructions: { kinds: ['object_creation_expression'], fields: { type: 'type', arguments: 'arguments' } },
      argumentLists: { kinds: ['argument_list'] },
      functions: { kinds: ['method_declaration', 'constructor_declaration', 'lambda_expression'], fields: { name: 'name', parameters: 'parameters', body: 'body' } },
      // Branches and checks (function-model/branches.ts).
      ifs: { kinds: ['if_statement'], fields: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
      ternaries: { kinds: ['ternary_expression'], fields: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
      switches: { kinds: ['switch_expression'], fields: { value: 'condition', body: 'body' } },
      switchCases: { kinds: ['switch_block_statement_group', 'switch_rule'] },
      switchLabels: { kinds: ['switch_label'] },
      fallingCases: { kinds: ['switch_block_statement_group'] },
      blocks: { kinds: ['block'] },
      expressionStatements: { kinds: ['expression_statement'] },
      returns: { kinds: ['return_statement'] },
      raises: { kinds: ['throw_statement'] },
      breaks: { kinds: ['break_statement'] },
      continues: { kinds: ['continue_statement'] },
      // function-model/taint.ts, fold.ts
      trueLiterals: { kinds: ['true'] },
      falseLiterals: { kinds: ['false'] },
      parameterDeclarations: { kinds: ['formal_parameter'], fields: { name: 'name' } },
      casts: { kinds: ['cast_expression'] },
      memberNameParents: { kinds: ['method_invocation'], fields: { object: 'object', arguments: 'arguments' } },
      constantLiterals: { kinds: ['string_literal', 'decimal_integer_literal', 'true', 'false', 'character_literal', 'string_fragment', 'escape_sequence'] },
      foldedBinaries: { kinds: ['binary_expression'], fields: { left: 'left', right: 'right' } },
      constantTernaries: { kinds: ['ternary_expression'], fields: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
      foldedMethodCalls: { kinds: ['method_invocation'], fields: { receiver: 'object', method: 'name', arguments: 'arguments' } },
      integerLiterals: { kinds: ['decimal_integer_literal'] },
      characterLiterals: { kinds: ['character_literal'] },
      parentheses: { kinds: ['parenthesized_expression', 'condition'] },
      foldedIfs: { kinds: ['if_statement'], fields: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
      classDeclarations: { kinds: ['class_declaration'], fields: { name: 'name' } },
      constantTexts: { kinds: ['string_fragment'] },
      // function-model/assignments.ts, values.ts
      declarators: { kinds: ['variable_declarator'], fields: { name: 'name', value: 'value' } },
      assignments: { kinds: ['assignment_expression'], fields: { left: 'left', right: 'right' } },
      forEachLoops: { kinds: ['enhanced_for_statement'], fields: { left: 'name', right: 'value' } },
      constantDefinitions: { kinds: ['variable_declarator'], fields: { name: 'name', value: 'value' } },
      qualifiedConstants: { kinds: ['field_access'], fields: { property: 'field' } },
      valueWrappers: { kinds: ['parenthesized_expression'] },
      formatCalls: { kinds: ['method_invocation'], fields: { arguments: 'arguments' } },
      literalStrings: { kinds: ['string_literal'] },
      stringTexts: { kinds: ['string_fragment'] },
      escapes: { kinds: ['escape_sequence'] },
      // function-model/guards.ts, sources.ts, crypto.ts, purpose.ts
      members: { kinds: ['field_access'], fields: { object: 'object', property: 'field' } },
      lists: { kinds: ['array_creation_expression'] },
      namingNodes: { kinds: ['method_declaration', 'method_invocation', 'field_access'], fields: { name: 'name', property: 'field' } },
      storageBoundaries: { kinds: ['expression_statement', 'block', 'if_statement', 'for_statement', 'while_statement', 'program', 'class_body', 'method_declaration'] },
      conditionWrappers: { kinds: ['condition'] },
      conditionOperators: { kinds: ['binary_expression'], fields: { left: 'left', right: 'right' } },
      callChainLinks: { kinds: ['method_invocation'], fields: { object: 'object' } },
    },
  },
  ruby: {
    roles: {
      conditionNegations: { kinds: ['unary'], fields: { argument: 'operand' } },
      conditionLookups: { kinds: ['element_reference'], fields: { object: 'object' } },
      identifiers: { kinds: ['identifier'] },
      methodCalls: { kinds: ['call'], fields: { receiver: 'receiver', method: 'method', arguments: 'arguments', block: 'block' } },
      // A call without arguments reads a member (`request.path`).
      members: { kinds: ['call'], fields: { object: 'receiver', property: 'method' } },
      subscripts: { kinds: ['element_reference'], fields: { object: 'object' } },
      argumentLists: { kinds: ['argument_list'] },
      // Blocks share the variables of their method, so they are not scopes here.
      functions: { kinds: ['method', 'singleton_method', 'lambda'], fields: { name: 'name', parameters: 'parameters', body: 'body' } },
      // Branches and checks (function-model/branches.ts).
      ifs: { kinds: ['if'], fields: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
      unlesses: { kinds: ['unless'], fields: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
      chainedIfs: { kinds: ['elsif'], fields: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
      ifModifiers: { kinds: ['if_modifier'], fields: { condition: 'condition', consequence: 'body' } },
      unlessModifiers: { kinds: ['unless_modifier'], fields: { condition: 'condition', consequence: 'body' } },
      ternaries: { kinds: ['conditional'], fields: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
      switches: { kinds: ['case'], fields: { value: 'value' } },
      switchCases: { kinds: ['when'], fields: { pattern: 'pattern', body: 'body' } },
      switchDefaults: { kinds: ['else'] },
      // `head :forbidden and return`: a branch that leaves.
      binaries: { kinds: ['binary'], fields: { left: 'left', right: 'right', operator: 'operator' } },
      blocks: { kinds: ['block', 'then', 'else', 'body_statement', 'do', 'begin_block'] },
      returns: { kinds: ['return'] },
      breaks: { kinds: ['break'] },
      continues: { kinds: ['next', 'retry', 'redo'] },
      // function-model/taint.ts, fold.ts
      trueLiterals: { kinds: ['true'] },
      falseLiterals: { kinds: ['false'] },
      interpolations: { kinds: ['interpolation'] },
      constantLiterals: { kinds: ['simple_symbol', 'hash_key_symbol', 'constant', 'string', 'integer', 'float', 'true', 'false', 'nil', 'string_content', 'escape_sequence'] },
      interpolatingStrings: { kinds: ['string'] },
      shellCommands: { kinds: ['subshell'] },
      heredocBodies: { kinds: ['heredoc_body'] },
      integerLiterals: { kinds: ['integer'] },
      classDeclarations: { kinds: ['class'], fields: { name: 'name' } },
      constantTexts: { kinds: ['string_content'] },
      // function-model/taint.ts: lookups in constant tables
      tableLiterals: { kinds: ['array', 'hash'] },
      // function-model/assignments.ts, values.ts
      assignments: { kinds: ['assignment'], fields: { left: 'left', right: 'right' } },
      augmentedAssignments: { kinds: ['operator_assignment'], fields: { left: 'left', right: 'right' } },
      callBlocks: { kinds: ['block', 'do_block'], fields: { parameters: 'parameters' } },
      constantDefinitions: { kinds: ['assignment'], fields: { name: 'left', value: 'right' } },
      constantNames: { kinds: ['constant'] },
      qualifiedConstants: { kinds: ['scope_resolution'], fields: { property: 'name' } },
      literalStrings: { kinds: ['string'] },
      stringTexts: { kinds: ['string_content'] },
      escapes: { kinds: ['escape_sequence'] },
      // function-model/guards.ts, sources.ts, crypto.ts, purpose.ts
      regexLiterals: { kinds: ['regex'] },
      lists: { kinds: ['array'] },
      pairs: { kinds: ['pair'] },
      namingNodes: { kinds: ['method', 'call'], fields: { name: 'name', method: 'method' } },
      storageBoundaries: { kinds: ['block', 'body_statement', 'program', 'method'] },
      conditionWrappers: { kinds: ['parenthesized_statements'] },
      conditionOperators: { kinds: ['binary'], fields: { left: 'left', right: 'right' } },
      callChainLinks: { kinds: ['call'], fields: { object: 'receiver' } },
    },
    constructorMethod: 'new',
  },
} satisfies Record<ProfileName, ProfileSpec>);

const NO_KINDS: ReadonlySet<string> = new Set();
const NO_FIELDS: RoleFields = Object.freeze({});

function compile(name: ProfileName, id: number, spec: ProfileSpec): LanguageProfile {
  const kinds = {} as Record<Role, ReadonlySet<string>>;
  const fields = {} as Record<Role, RoleFields>;
  for (const role of ROLES) {
    const r = spec.roles[role];
    kinds[role] = r && r.kinds.length > 0 ? new Set(r.kinds) : NO_KINDS;
    fields[role] = r?.fields ? Object.freeze({ ...r.fields }) : NO_FIELDS;
  }
  return Object.freeze({
    name,
    id,
    kinds: Object.freeze(kinds),
    fields: Object.freeze(fields),
    branchHeadFields: spec.branchHeadFields ?? [],
    statementSuffix: spec.statementSuffix,
    coercingUnaryOperators: spec.coercingUnaryOperators ?? [],
    formatOperator: spec.formatOperator,
    namespaceSeparator: spec.namespaceSeparator,
    constructorMethod: spec.constructorMethod,
    defaultKeyword: spec.defaultKeyword,
    nullNames: spec.nullNames ?? [],
    receiverNames: spec.receiverNames ?? [],
    spec,
  });
}

const NAMES = Object.keys(PROFILE_SPECS) as ProfileName[];
export const PROFILES: Readonly<Record<ProfileName, LanguageProfile>> = Object.freeze(
  Object.fromEntries(NAMES.map((name, id) => [name, compile(name, id, PROFILE_SPECS[name])])) as Record<ProfileName, LanguageProfile>,
);

/** The profile of a language: JavaScript, TypeScript and TSX share one. */
export function profileOf(language: CodeLanguage): LanguageProfile {
  switch (language) {
    case 'python':
    case 'php':
    case 'go':
    case 'java':
    case 'ruby':
      return PROFILES[language];
    default:
      return PROFILES.javascript;
  }
}

/** Every kind of the roles, in the order given (the profile's kinds of each role in spec order). */
export const kindsOf = (profile: LanguageProfile, roles: readonly Role[]): string[] => roles.flatMap((r) => profile.spec.roles[r]?.kinds ?? []);

/**
 * A dispatch table over roles, built once per profile: `switch (table(profile).get(node.type))`
 * with the role names as cases. A kind playing several of the roles goes to the first listed.
 */
export function roleSwitch<R extends Role>(roles: readonly R[]): (profile: LanguageProfile) => ReadonlyMap<string, R> {
  const tables: (ReadonlyMap<string, R> | undefined)[] = [];
  return (profile) => {
    let table = tables[profile.id];
    if (!table) {
      const map = new Map<string, R>();
      for (const role of roles) for (const kind of profile.kinds[role]) if (!map.has(kind)) map.set(kind, role);
      tables[profile.id] = table = map;
    }
    return table;
  };
}

/** The kinds of several roles as one set, built once per profile. */
export function roleUnion(roles: readonly Role[]): (profile: LanguageProfile) => ReadonlySet<string> {
  const sets: (ReadonlySet<string> | undefined)[] = [];
  return (profile) => (sets[profile.id] ??= new Set(roles.flatMap((r) => [...profile.kinds[r]])));
}

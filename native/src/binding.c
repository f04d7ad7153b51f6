/*
 * Vigil's native parse: tree-sitter's C runtime (the same release web-tree-sitter ships) and the
 * grammars' generated parsers, compiled into one Node-API addon. `parse` parses a JavaScript
 * string (as UTF-16, like web-tree-sitter, so offsets index the string) and returns the whole
 * tree in one flat Int32Array: a pre-order list of visible nodes, RECORD int32s each (with each
 * node's rows and column from the parser's own positions, so JavaScript need not find them). The
 * JavaScript side builds its plain nodes from that array, so crossing into native code costs one
 * call per file instead of several per node.
 *
 * `submit` and `take` parse ahead: `submit` copies a text and queues it for a helper thread this
 * addon starts (one per JavaScript thread, on first use), which parses and walks it with its own
 * parser while JavaScript goes on with the files before it; `take` returns that job's records,
 * waiting while the helper is on it, or parsing it on the calling thread when the helper has not
 * begun it yet. So a parse costs the caller at most what `parse` would have (docs/decisions.md).
 */
#include <node_api.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tree_sitter/api.h"
/* The runtime's own headers (web-tree-sitter/lib, compiled into this addon as lib.c): the walk
 * below reads the parser's subtrees directly instead of going through a TSTreeCursor. */
#include "language.h"
#include "subtree.h"
#include "tree.h"
#include "pool_alloc.h"

const TSLanguage *tree_sitter_javascript(void);
const TSLanguage *tree_sitter_typescript(void);
const TSLanguage *tree_sitter_tsx(void);
const TSLanguage *tree_sitter_python(void);
const TSLanguage *tree_sitter_php(void);
const TSLanguage *tree_sitter_go(void);
const TSLanguage *tree_sitter_java(void);
const TSLanguage *tree_sitter_ruby(void);

/* In the order of CODE_LANGUAGES in src/scanners/code/parser.ts. */
static const TSLanguage *(*const LANGUAGES[])(void) = {
  tree_sitter_javascript, tree_sitter_typescript, tree_sitter_tsx, tree_sitter_python,
  tree_sitter_php, tree_sitter_go, tree_sitter_java, tree_sitter_ruby,
};
#define LANGUAGE_COUNT (sizeof(LANGUAGES) / sizeof(LANGUAGES[0]))

/* One node: symbol | named << 16, field id, start, end (UTF-16 code units), number of children,
 * start row, start column (UTF-16 code units), end row. Rows count '\n' as tree-sitter does. */
#define RECORD 8

/*
 * One level of the walk: the children of one subtree (the root, a visible node, or a hidden node
 * whose visible descendants belong to the nearest visible ancestor) and where the walk is in them.
 */
typedef struct {
  const Subtree *children;
  uint32_t child_count;
  uint32_t index;
  /* Index among the children that are not extras: what alias sequences and field maps count. */
  uint32_t structural_index;
  /* Start of children[index] (after its padding), as TSTreeCursor's child iterator keeps it. */
  Length position;
  const TSSymbol *aliases;
  uint16_t production_id;
  /* The field a child gets when its own parent's field map names none: the field of this hidden
   * subtree in its parent (tree-sitter's `ts_tree_cursor_current_field_id` looks up through hidden
   * ancestors the same way); 0 below a visible node or the root. */
  TSFieldId inherited_field;
  /* The record of the nearest visible ancestor, whose child count each visible child adds to. */
  uint32_t parent_record;
} Frame;

/* A parser and the buffers its walks reuse: one for the JavaScript thread, one for its helper. */
typedef struct {
  TSParser *parser;
  int32_t *out;
  size_t out_cap;
  Frame *stack;
  size_t stack_cap;
} Worker;

/* A text queued by `submit`: QUEUED until the helper begins it (RUNNING), then DONE. */
enum { QUEUED, RUNNING, DONE };
/* How a parse ended: records in `out`, cancelled by its deadline, or failed (`error` says why). */
enum { PARSED, CANCELLED, FAILED };

/* A text to parse: the grammar, the text as UTF-16 (`bytes` long) and how long its parse may take. */
typedef struct {
  uint32_t language_index;
  char16_t *chars;
  uint32_t bytes;
  double timeout_ms;
} Source;

typedef struct {
  uint32_t id;
  int phase;
  Source source;
  int outcome;
  const char *error;
  int32_t *out;
  size_t count;
  /* Discarded while the helper ran it: the helper frees it when done. */
  bool orphaned;
} Job;

/* Jobs waiting or done but not taken, per JavaScript thread; `submit` refuses more. */
#define MAX_JOBS 64

/* Per thread (per Node-API environment): its parser, and the helper thread with its own. */
typedef struct {
  Worker main;
  Worker helper;
  pthread_mutex_t lock;
  /* Signalled when a job is queued (to the helper) and when one is done (to `take`). */
  pthread_cond_t queued;
  pthread_cond_t done;
  pthread_t thread;
  bool started;
  /* Set under the lock when the environment ends; the helper's parse also reads it without (past_deadline). */
  atomic_bool stopping;
  uint32_t next_id;
  Job *jobs[MAX_JOBS];
} State;

static void free_worker(Worker *worker) {
  if (worker->parser) ts_parser_delete(worker->parser);
  free(worker->out);
  free(worker->stack);
}

static void free_job(Job *job) {
  free(job->source.chars);
  free(job->out);
  free(job);
}

static void finalize_state(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  State *state = data;
  pthread_mutex_lock(&state->lock);
  state->stopping = true;
  pthread_cond_broadcast(&state->queued);
  pthread_mutex_unlock(&state->lock);
  if (state->started) pthread_join(state->thread, NULL);
  for (int i = 0; i < MAX_JOBS; i++) {
    if (state->jobs[i]) free_job(state->jobs[i]);
  }
  pthread_mutex_destroy(&state->lock);
  pthread_cond_destroy(&state->queued);
  pthread_cond_destroy(&state->done);
  free_worker(&state->main);
  free_worker(&state->helper);
  free(state);
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* What a parse's progress callback reads: its deadline, and a flag that cancels it sooner (or NULL). */
typedef struct {
  double deadline;
  const atomic_bool *cancelled;
} Limit;

static bool past_deadline(TSParseState *parse_state) {
  const Limit *limit = parse_state->payload;
  return (limit->cancelled && atomic_load_explicit(limit->cancelled, memory_order_relaxed)) || now_ms() > limit->deadline;
}

typedef struct {
  const char *bytes;
  uint32_t length;
} Text;

static const char *read_text(void *payload, uint32_t byte_index, TSPoint position, uint32_t *bytes_read) {
  (void)position;
  Text *text = payload;
  if (byte_index >= text->length) {
    *bytes_read = 0;
    return "";
  }
  *bytes_read = text->length - byte_index;
  return text->bytes + byte_index;
}

static napi_value throw_error(napi_env env, const char *message) {
  napi_throw_error(env, NULL, message);
  return NULL;
}

static bool grow(void **buffer, size_t *cap, size_t need, size_t item) {
  if (need <= *cap) return true;
  size_t next = *cap ? *cap : 1024;
  while (next < need) next *= 2;
  void *grown = realloc(*buffer, next * item);
  if (!grown) return false;
  *buffer = grown;
  *cap = next;
  return true;
}

/* The field id of the child at `structural_index` in a production (0 when it has none). */
static TSFieldId own_field(const TSLanguage *language, uint16_t production_id, uint32_t structural_index) {
  const TSFieldMapEntry *map, *end;
  ts_language_field_map(language, production_id, &map, &end);
  for (; map < end; map++) {
    if (!map->inherited && map->child_index == structural_index) return map->field_id;
  }
  return 0;
}

/* Positions are in bytes of UTF-16 text: halved, they are code units (string offsets, columns). */
static void write_record(int32_t *record, TSSymbol symbol, bool named, TSFieldId field, Length start, Length end) {
  record[0] = (int32_t)symbol | (named ? 1 << 16 : 0);
  record[1] = (int32_t)field;
  record[2] = (int32_t)(start.bytes >> 1);
  record[3] = (int32_t)(end.bytes >> 1);
  record[4] = 0;
  record[5] = (int32_t)start.extent.row;
  record[6] = (int32_t)(start.extent.column >> 1);
  record[7] = (int32_t)end.extent.row;
}

static bool push_frame(Worker *state, size_t *depth, Subtree subtree, Length position, TSFieldId inherited_field,
                       uint32_t parent_record, const TSLanguage *language) {
  if (!grow((void **)&state->stack, &state->stack_cap, *depth + 1, sizeof(Frame))) return false;
  uint16_t production_id = subtree.ptr->production_id;
  state->stack[(*depth)++] = (Frame){
    .children = ts_subtree_children(subtree),
    .child_count = subtree.ptr->child_count,
    .index = 0,
    .structural_index = 0,
    .position = position,
    .aliases = ts_language_alias_sequence(language, production_id),
    .production_id = production_id,
    .inherited_field = inherited_field,
    .parent_record = parent_record,
  };
  return true;
}

/*
 * Writes the tree's visible nodes in pre-order, RECORD int32s each, into state->out; *count gets
 * the number of nodes. The same nodes, in the same order and with the same symbols, fields and
 * offsets, as a TSTreeCursor walk (ts_tree_cursor_goto_first_child / goto_next_sibling /
 * current_node / current_field_id), which this replaced: the cursor climbs back through the hidden
 * ancestors of a node for every move and every field lookup, and that walk cost about a quarter of
 * the addon's instructions (docs/decisions.md). Iterative, so deep trees cannot overflow the stack.
 */
static bool walk(Worker *state, const TSTree *tree, size_t *count) {
  const TSLanguage *language = tree->language;
  Subtree root = tree->root;
  if (!grow((void **)&state->out, &state->out_cap, RECORD, sizeof(int32_t))) return false;
  Length root_start = ts_subtree_padding(root);
  int32_t *record = state->out;
  write_record(record, ts_language_public_symbol(language, ts_subtree_symbol(root)), ts_subtree_named(root), 0, root_start,
               length_add(root_start, ts_subtree_size(root)));
  *count = 1;
  size_t depth = 0;
  if (ts_subtree_child_count(root) > 0 && !push_frame(state, &depth, root, root_start, 0, 0, language)) return false;
  while (depth > 0) {
    Frame *frame = &state->stack[depth - 1];
    if (frame->index == frame->child_count) {
      depth--;
      continue;
    }
    Subtree child = frame->children[frame->index];
    Length start = frame->position;
    Length end = length_add(start, ts_subtree_size(child));
    frame->index++;
    frame->position = frame->index < frame->child_count ? length_add(end, ts_subtree_padding(frame->children[frame->index])) : end;
    bool extra = ts_subtree_extra(child);
    uint32_t structural_index = frame->structural_index;
    TSSymbol alias = 0;
    if (!extra) {
      if (frame->aliases) alias = frame->aliases[structural_index];
      frame->structural_index++;
    }
    bool visible = ts_subtree_visible(child) || alias != 0;
    uint32_t child_count = ts_subtree_child_count(child);
    if (!visible && (child_count == 0 || child.ptr->visible_child_count == 0)) continue;
    TSFieldId field = 0;
    if (!extra) {
      field = own_field(language, frame->production_id, structural_index);
      if (field == 0) field = frame->inherited_field;
    }
    uint32_t parent_record = frame->parent_record;
    if (visible) {
      if (!grow((void **)&state->out, &state->out_cap, (*count + 1) * RECORD, sizeof(int32_t))) return false;
      TSSymbol symbol = alias ? alias : ts_subtree_symbol(child);
      bool named = alias ? ts_language_symbol_metadata(language, alias).named : ts_subtree_named(child);
      write_record(state->out + *count * RECORD, ts_language_public_symbol(language, symbol), named, field, start, end);
      state->out[parent_record * RECORD + 4]++;
      parent_record = (uint32_t)(*count)++;
    }
    if (child_count == 0) continue;
    /* The lookup stops at a visible node (an aliased hidden one included); a hidden one passes its field on. */
    TSFieldId inherited = visible ? 0 : field;
    if (!push_frame(state, &depth, child, start, inherited, parent_record, language)) return false;
  }
  return true;
}

/*
 * Parses UTF-16 text with `worker`'s parser and walks the tree into worker->out (*count nodes).
 * Thread-safe across workers: the grammars are read-only and each worker has its own parser.
 */
static int parse_with(Worker *worker, const Source *source, const atomic_bool *cancelled, size_t *count, const char **error) {
  if (!ts_parser_set_language(worker->parser, LANGUAGES[source->language_index]())) {
    *error = "incompatible grammar";
    return FAILED;
  }
  Text text = {(const char *)source->chars, source->bytes};
  TSInput input = {&text, read_text, TSInputEncodingUTF16LE, NULL};
  Limit limit = {now_ms() + source->timeout_ms, cancelled};
  TSParseOptions options = {&limit, past_deadline};
  TSTree *tree = ts_parser_parse_with_options(worker->parser, NULL, input, options);
  if (!tree) {
    /* A cancelled parse would otherwise resume on the next call. */
    ts_parser_reset(worker->parser);
    return CANCELLED;
  }
  *count = 0;
  bool ok = walk(worker, tree, count);
  ts_tree_delete(tree);
  if (!ok) {
    *error = "out of memory";
    return FAILED;
  }
  return PARSED;
}

/* The records of a parse as a new Int32Array (undefined when it was cancelled). */
static napi_value records_of(napi_env env, const int32_t *out, size_t count) {
  napi_value buffer, result;
  void *data;
  if (napi_create_arraybuffer(env, count * RECORD * sizeof(int32_t), &data, &buffer) != napi_ok) return NULL;
  memcpy(data, out, count * RECORD * sizeof(int32_t));
  napi_create_typedarray(env, napi_int32_array, count * RECORD, buffer, 0, &result);
  return result;
}

static napi_value undefined_value(napi_env env) {
  napi_value result;
  napi_get_undefined(env, &result);
  return result;
}

/* The state of the calling thread, or NULL after throwing. */
static State *state_of(napi_env env) {
  State *state;
  if (napi_get_instance_data(env, (void **)&state) != napi_ok || !state) {
    throw_error(env, "not initialised");
    return NULL;
  }
  return state;
}

/*
 * Reads the arguments of `parse` and `submit` into `source` (its text copied, the caller's to free): the
 * calling thread's state, or NULL after throwing.
 */
static State *read_arguments(napi_env env, napi_callback_info info, Source *source, const char *usage) {
  size_t argc = 3;
  napi_value argv[3];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 3) return throw_error(env, usage), NULL;
  if (napi_get_value_uint32(env, argv[0], &source->language_index) != napi_ok || source->language_index >= LANGUAGE_COUNT)
    return throw_error(env, "unknown language"), NULL;
  if (napi_get_value_double(env, argv[2], &source->timeout_ms) != napi_ok) return throw_error(env, "timeoutMs must be a number"), NULL;
  size_t length;
  if (napi_get_value_string_utf16(env, argv[1], NULL, 0, &length) != napi_ok) return throw_error(env, "text must be a string"), NULL;
  if (length > UINT32_MAX / 2 - 1) return throw_error(env, "text too long"), NULL;
  State *state = state_of(env);
  if (!state) return NULL;
  source->chars = malloc((length + 1) * sizeof(char16_t));
  if (!source->chars) return throw_error(env, "out of memory"), NULL;
  size_t copied;
  napi_get_value_string_utf16(env, argv[1], source->chars, length + 1, &copied);
  source->bytes = (uint32_t)(copied * 2);
  return state;
}

/* parse(languageIndex, text, timeoutMs): Int32Array of records, or undefined when the parse was cancelled. */
static napi_value parse(napi_env env, napi_callback_info info) {
  Source source;
  State *state = read_arguments(env, info, &source, "parse(language, text, timeoutMs)");
  if (!state) return NULL;
  size_t count = 0;
  const char *error = NULL;
  int outcome = parse_with(&state->main, &source, NULL, &count, &error);
  free(source.chars);
  if (outcome == FAILED) return throw_error(env, error);
  if (outcome == CANCELLED) return undefined_value(env);
  return records_of(env, state->main.out, count);
}

/*
 * Runs a job with `worker`'s parser, keeping a copy of its records in the job; `cancelled` (or NULL) ends
 * the parse early, as its deadline would. Called without the lock.
 */
static void run_job(Worker *worker, Job *job, const atomic_bool *cancelled) {
  size_t count = 0;
  job->error = NULL;
  job->outcome = parse_with(worker, &job->source, cancelled, &count, &job->error);
  free(job->source.chars);
  job->source.chars = NULL;
  if (job->outcome != PARSED) return;
  job->out = malloc(count * RECORD * sizeof(int32_t) + 1);
  if (!job->out) {
    job->outcome = FAILED;
    job->error = "out of memory";
    return;
  }
  memcpy(job->out, worker->out, count * RECORD * sizeof(int32_t));
  job->count = count;
}

/* The helper: runs the oldest queued job, over and over, until the thread's environment ends. */
static void *helper_main(void *data) {
  State *state = data;
  pthread_mutex_lock(&state->lock);
  while (!state->stopping) {
    Job *next = NULL;
    for (int i = 0; i < MAX_JOBS; i++) {
      Job *job = state->jobs[i];
      if (job && job->phase == QUEUED && (!next || job->id < next->id)) next = job;
    }
    if (!next) {
      pthread_cond_wait(&state->queued, &state->lock);
      continue;
    }
    next->phase = RUNNING;
    pthread_mutex_unlock(&state->lock);
    /* The thread's environment ending cancels the job, so that finalize_state's join waits for no parse. */
    run_job(&state->helper, next, &state->stopping);
    pthread_mutex_lock(&state->lock);
    if (next->orphaned) {
      free_job(next);
      continue;
    }
    next->phase = DONE;
    pthread_cond_broadcast(&state->done);
  }
  pthread_mutex_unlock(&state->lock);
  return NULL;
}

/* submit(languageIndex, text, timeoutMs): a job number for `take`, or -1 when MAX_JOBS are waiting. */
static napi_value submit(napi_env env, napi_callback_info info) {
  Source source;
  State *state = read_arguments(env, info, &source, "submit(language, text, timeoutMs)");
  if (!state) return NULL;
  napi_value result;
  pthread_mutex_lock(&state->lock);
  int slot = -1;
  for (int i = 0; i < MAX_JOBS && slot < 0; i++) {
    if (!state->jobs[i]) slot = i;
  }
  Job *job = slot < 0 ? NULL : calloc(1, sizeof(Job));
  if (!job) {
    pthread_mutex_unlock(&state->lock);
    free(source.chars);
    napi_create_int32(env, -1, &result);
    return result;
  }
  if (!state->started) {
    if (!state->helper.parser) state->helper.parser = ts_parser_new();
    if (!state->helper.parser || pthread_create(&state->thread, NULL, helper_main, state) != 0) {
      pthread_mutex_unlock(&state->lock);
      free(job);
      free(source.chars);
      napi_create_int32(env, -1, &result);
      return result;
    }
    state->started = true;
  }
  *job = (Job){.id = state->next_id++ & 0x7fffffff, .phase = QUEUED, .source = source};
  state->jobs[slot] = job;
  pthread_cond_signal(&state->queued);
  pthread_mutex_unlock(&state->lock);
  napi_create_int32(env, (int32_t)job->id, &result);
  return result;
}

/*
 * take(job, discard): the job's records as `parse` returns them, waiting while the helper is on it
 * and parsing it here when the helper has not begun it; with `discard` true, forgets it instead
 * (a queued job is dropped unparsed) and returns undefined.
 */
static napi_value take(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  uint32_t id;
  bool discard = false;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 || napi_get_value_uint32(env, argv[0], &id) != napi_ok)
    return throw_error(env, "take(job, discard)");
  if (argc > 1) napi_get_value_bool(env, argv[1], &discard);
  State *state = state_of(env);
  if (!state) return NULL;
  pthread_mutex_lock(&state->lock);
  int slot = -1;
  for (int i = 0; i < MAX_JOBS && slot < 0; i++) {
    if (state->jobs[i] && state->jobs[i]->id == id) slot = i;
  }
  if (slot < 0) {
    pthread_mutex_unlock(&state->lock);
    return throw_error(env, "unknown job");
  }
  /* Out of the slots, a queued job is out of the helper's reach: this thread parses it, after the lock. */
  Job *job = state->jobs[slot];
  state->jobs[slot] = NULL;
  if (discard && job->phase == RUNNING) {
    /* Not worth waiting for: the helper frees it when it is done. */
    job->orphaned = true;
    pthread_mutex_unlock(&state->lock);
    return undefined_value(env);
  }
  bool queued = job->phase == QUEUED;
  while (job->phase == RUNNING) pthread_cond_wait(&state->done, &state->lock);
  pthread_mutex_unlock(&state->lock);
  if (queued && !discard) run_job(&state->main, job, NULL);
  napi_value result;
  if (discard || job->outcome == CANCELLED) result = undefined_value(env);
  else if (job->outcome == FAILED) result = throw_error(env, job->error);
  else result = records_of(env, job->out, job->count);
  free_job(job);
  return result;
}

/* names(languageIndex): { types: string[], fields: (string|null)[] } by id (types by symbol id, "ERROR" at 65535 is the caller's). */
static napi_value names(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  uint32_t language_index;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 ||
      napi_get_value_uint32(env, argv[0], &language_index) != napi_ok || language_index >= LANGUAGE_COUNT)
    return throw_error(env, "names(language)");
  const TSLanguage *language = LANGUAGES[language_index]();
  napi_value result, types, fields, value;
  napi_create_object(env, &result);
  uint32_t symbol_count = ts_language_symbol_count(language);
  napi_create_array_with_length(env, symbol_count, &types);
  for (uint32_t i = 0; i < symbol_count; i++) {
    const char *name = ts_language_symbol_name(language, (TSSymbol)i);
    if (name) napi_create_string_utf8(env, name, NAPI_AUTO_LENGTH, &value);
    else napi_get_null(env, &value);
    napi_set_element(env, types, i, value);
  }
  uint32_t field_count = ts_language_field_count(language);
  napi_create_array_with_length(env, field_count + 1, &fields);
  for (uint32_t i = 0; i <= field_count; i++) {
    const char *name = i == 0 ? NULL : ts_language_field_name_for_id(language, (TSFieldId)i);
    if (name) napi_create_string_utf8(env, name, NAPI_AUTO_LENGTH, &value);
    else napi_get_null(env, &value);
    napi_set_element(env, fields, i, value);
  }
  napi_set_named_property(env, result, "types", types);
  napi_set_named_property(env, result, "fields", fields);
  napi_create_uint32(env, ts_language_abi_version(language), &value);
  napi_set_named_property(env, result, "abiVersion", value);
  napi_create_uint32(env, ts_language_state_count(language), &value);
  napi_set_named_property(env, result, "stateCount", value);
  return result;
}

/*
 * tree-sitter's allocator is process-wide: installed once, before the first parser is made, and only
 * when the addon could be kept loaded (pool_pin); otherwise tree-sitter keeps malloc.
 */
static pthread_once_t allocator_once = PTHREAD_ONCE_INIT;

static void install_allocator(void) {
  if (pool_pin()) ts_set_allocator(pool_malloc, pool_calloc, pool_realloc, pool_free);
}

NAPI_MODULE_INIT(/* napi_env env, napi_value exports */) {
  pthread_once(&allocator_once, install_allocator);
  State *state = calloc(1, sizeof(State));
  if (!state) return NULL;
  state->main.parser = ts_parser_new();
  atomic_init(&state->stopping, false);
  pthread_mutex_init(&state->lock, NULL);
  pthread_cond_init(&state->queued, NULL);
  pthread_cond_init(&state->done, NULL);
  if (!state->main.parser || napi_set_instance_data(env, state, finalize_state, NULL) != napi_ok) {
    if (state->main.parser) ts_parser_delete(state->main.parser);
    pthread_mutex_destroy(&state->lock);
    pthread_cond_destroy(&state->queued);
    pthread_cond_destroy(&state->done);
    free(state);
    return NULL;
  }
  napi_property_descriptor properties[] = {
    {"parse", NULL, parse, NULL, NULL, NULL, napi_default, NULL},
    {"submit", NULL, submit, NULL, NULL, NULL, napi_default, NULL},
    {"take", NULL, take, NULL, NULL, NULL, napi_default, NULL},
    {"names", NULL, names, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof(properties) / sizeof(properties[0]), properties);
  napi_value record;
  napi_create_uint32(env, RECORD, &record);
  napi_set_named_property(env, exports, "RECORD", record);
  return exports;
}

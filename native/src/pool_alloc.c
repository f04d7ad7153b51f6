/*
 * The allocator tree-sitter's runtime uses inside this addon (installed with ts_set_allocator by
 * binding.c): size classes of 16 to 512 bytes, each with a free list per thread, carved from 64 KB
 * slabs; anything larger goes to malloc. A parse makes and frees millions of small blocks (subtrees,
 * their children arrays, stack nodes), and with glibc's malloc those calls were about an eighth of the
 * addon's time (docs/benchmarks.md).
 *
 * Every block has a 16-byte header before it (so blocks stay 16-byte aligned) that names its class,
 * or says it came from malloc and how large it is. A block freed on another thread than the one that
 * made it joins the freeing thread's list: the lists are never shared, so no lock is needed. Slabs are
 * never returned to the system: a thread keeps the most its parses ever held at once, as glibc's
 * arenas mostly do too. When a thread ends its blocks go to shared lists, from which a thread that has
 * run out of blocks of a class takes a slab's worth before it cuts a new slab, so threads that come
 * and go (the service's idle scan threads) strand nothing.
 */
/* dladdr and RTLD_NODELETE (pool_pin). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pool_alloc.h"

#define HEADER 16
#define CLASS_BYTES 16
#define CLASS_COUNT 32 /* 16, 32, ... 512 bytes */
#define LARGE UINT32_MAX
#define SLAB_BYTES (64 * 1024)

typedef struct {
  uint32_t size_class;
  uint32_t unused;
  size_t large_bytes;
} Header;

typedef struct Free {
  struct Free *next;
} Free;

/* One thread's free lists and the rest of its current slab. */
typedef struct {
  Free *lists[CLASS_COUNT];
  char *slab_next;
  size_t slab_left;
  bool registered;
} Cache;

static _Thread_local Cache cache;

/*
 * The blocks of threads that ended (Node's scan threads end when idle), per class, taken a slab's
 * worth at a time by threads that run out of a class (adopt): without them every thread that ends
 * would strand its slabs.
 */
static pthread_mutex_t orphans_lock = PTHREAD_MUTEX_INITIALIZER;
static Free *orphans[CLASS_COUNT];
/* Whether orphans[c] has blocks: read without the lock, so a thread with blocks of its own never takes it. */
static atomic_int orphans_any[CLASS_COUNT];
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

static void out_of_memory(size_t bytes) {
  fprintf(stderr, "vigil native parser: failed to allocate %zu bytes\n", bytes);
  abort();
}

static Header *header_of(void *block) {
  return (Header *)((char *)block - HEADER);
}

/* Capacity of a size class, without the header. */
static size_t class_capacity(uint32_t size_class) {
  return (size_t)(size_class + 1) * CLASS_BYTES;
}

static void push(Free **list, char *block) {
  Free *node = (Free *)block;
  node->next = *list;
  *list = node;
}

/* Cuts what is left of the thread's slab into free blocks, largest classes first (under 32 bytes are lost). */
static void spill_slab(void) {
  while (cache.slab_left >= HEADER + CLASS_BYTES) {
    size_t fits = (cache.slab_left - HEADER) / CLASS_BYTES;
    uint32_t size_class = (uint32_t)(fits > CLASS_COUNT ? CLASS_COUNT : fits) - 1;
    size_t bytes = HEADER + class_capacity(size_class);
    ((Header *)cache.slab_next)->size_class = size_class;
    push(&cache.lists[size_class], cache.slab_next + HEADER);
    cache.slab_next += bytes;
    cache.slab_left -= bytes;
  }
  cache.slab_left = 0;
}

/* At a thread's end: its free blocks, and the rest of its slab, go to the orphans. */
static void thread_ended(void *unused) {
  (void)unused;
  spill_slab();
  pthread_mutex_lock(&orphans_lock);
  for (int c = 0; c < CLASS_COUNT; c++) {
    Free *list = cache.lists[c];
    if (!list) continue;
    Free *tail = list;
    while (tail->next) tail = tail->next;
    tail->next = orphans[c];
    orphans[c] = list;
    atomic_store_explicit(&orphans_any[c], 1, memory_order_relaxed);
  }
  pthread_mutex_unlock(&orphans_lock);
  memset(&cache, 0, sizeof(cache));
}

static void create_exit_key(void) {
  if (pthread_key_create(&exit_key, thread_ended) != 0) abort();
}

/* A thread's first allocation or free: it asks to be told of its end. */
static void register_thread(void) {
  pthread_once(&exit_key_once, create_exit_key);
  pthread_setspecific(exit_key, &cache);
  cache.registered = true;
}

/*
 * Moves up to a slab's worth of orphaned blocks of a class to this thread's list; false when there
 * were none. A slab's worth, not all: threads starting together share what their predecessors left.
 */
static bool adopt(uint32_t size_class) {
  if (atomic_load_explicit(&orphans_any[size_class], memory_order_relaxed) == 0) return false;
  size_t most = SLAB_BYTES / (HEADER + class_capacity(size_class));
  pthread_mutex_lock(&orphans_lock);
  Free *first = orphans[size_class];
  Free *last = first;
  for (size_t n = 1; last && n < most && last->next; n++) last = last->next;
  if (last) {
    orphans[size_class] = last->next;
    last->next = cache.lists[size_class];
    cache.lists[size_class] = first;
  }
  atomic_store_explicit(&orphans_any[size_class], orphans[size_class] != NULL, memory_order_relaxed);
  pthread_mutex_unlock(&orphans_lock);
  return first != NULL;
}

static void *take_large(size_t size) {
  Header *header = malloc(HEADER + size);
  if (!header) out_of_memory(size);
  header->size_class = LARGE;
  header->large_bytes = size;
  return (char *)header + HEADER;
}

static void *take_small(uint32_t size_class) {
  if (!cache.registered) register_thread();
  Free *head = cache.lists[size_class];
  if (!head && adopt(size_class)) head = cache.lists[size_class];
  if (head) {
    cache.lists[size_class] = head->next;
    return head;
  }
  size_t bytes = HEADER + class_capacity(size_class);
  if (cache.slab_left < bytes) {
    spill_slab();
    cache.slab_next = malloc(SLAB_BYTES);
    if (!cache.slab_next) out_of_memory(SLAB_BYTES);
    cache.slab_left = SLAB_BYTES;
  }
  Header *header = (Header *)cache.slab_next;
  cache.slab_next += bytes;
  cache.slab_left -= bytes;
  header->size_class = size_class;
  return (char *)header + HEADER;
}

void *pool_malloc(size_t size) {
  if (size == 0) size = 1;
  if (size > (size_t)CLASS_COUNT * CLASS_BYTES) return take_large(size);
  return take_small((uint32_t)((size - 1) / CLASS_BYTES));
}

void *pool_calloc(size_t count, size_t size) {
  if (size != 0 && count > SIZE_MAX / size) out_of_memory(SIZE_MAX);
  void *block = pool_malloc(count * size);
  memset(block, 0, count * size);
  return block;
}

void pool_free(void *block) {
  if (!block) return;
  Header *header = header_of(block);
  if (header->size_class == LARGE) {
    free(header);
    return;
  }
  if (!cache.registered) register_thread();
  push(&cache.lists[header->size_class], block);
}

void *pool_realloc(void *block, size_t size) {
  if (!block) return pool_malloc(size);
  if (size == 0) size = 1;
  Header *header = header_of(block);
  if (header->size_class == LARGE) {
    if (size > (size_t)CLASS_COUNT * CLASS_BYTES) {
      Header *grown = realloc(header, HEADER + size);
      if (!grown) out_of_memory(size);
      grown->large_bytes = size;
      return (char *)grown + HEADER;
    }
  } else if (size <= class_capacity(header->size_class)) {
    return block;
  }
  size_t old = header->size_class == LARGE ? header->large_bytes : class_capacity(header->size_class);
  void *moved = pool_malloc(size);
  memcpy(moved, block, old < size ? old : size);
  pool_free(block);
  return moved;
}

bool pool_pin(void) {
  Dl_info info;
  if (!dladdr((void *)pool_malloc, &info) || !info.dli_fname) return false;
  /* The handle is never closed: the point is the reference it holds. */
  return dlopen(info.dli_fname, RTLD_NOW | RTLD_NODELETE) != NULL;
}

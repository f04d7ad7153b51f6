/* The allocator binding.c gives tree-sitter's runtime (pool_alloc.c says how it works). */
#ifndef VIGIL_POOL_ALLOC_H
#define VIGIL_POOL_ALLOC_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Keeps this addon loaded until the process ends; false when it cannot. Node unloads an addon when the
 * last thread that loaded it ends, and the allocator's per-thread exit hook and its shared lists live
 * in the addon: unloaded under a thread still running, the hook would call into unmapped code.
 */
bool pool_pin(void);

void *pool_malloc(size_t size);
void *pool_calloc(size_t count, size_t size);
void *pool_realloc(void *block, size_t size);
void pool_free(void *block);

#endif

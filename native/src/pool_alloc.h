/* The allocator binding.c gives tree-sitter's runtime (pool_alloc.c says how it works). */
#ifndef VIGIL_POOL_ALLOC_H
#define VIGIL_POOL_ALLOC_H

#include <stddef.h>

void *pool_malloc(size_t size);
void *pool_calloc(size_t count, size_t size);
void *pool_realloc(void *block, size_t size);
void pool_free(void *block);

#endif

#ifndef NAVVIZ_CGRAPHVIZ_SHIM_H
#define NAVVIZ_CGRAPHVIZ_SHIM_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <graphviz/gvplugin.h>
#include <graphviz/gvplugin_textlayout.h>

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/*
 * Helpers for NavVizRender. Everything here is `static inline` and keeps its state in structs
 * passed through pointers: file-scope `static` variables in this header fail at link time, and
 * Swift 6 rejects cgraph's mutable globals (`Agdirected`, `AgMemDisc`...) as not
 * concurrency-safe, so they are only touched from C.
 */

/* The descriptor of a directed, non-strict graph (cgraph's global `Agdirected`). */
static inline Agdesc_t navviz_directed(void) { return Agdirected; }

/* The C library's `memmem` (glibc declares it only with _GNU_SOURCE, which Swift's Glibc leaves out): the first
 * `needle_length` bytes of `needle` in `length` bytes of `haystack`, or NULL. */
static inline const void *navviz_memmem(const void *haystack, size_t length, const void *needle, size_t needle_length) {
    extern void *memmem(const void *, size_t, const void *, size_t);
    return memmem(haystack, length, needle, needle_length);
}

/* Frees a buffer that cgraph allocated with malloc (for example the text from `aglasterr`). */
static inline void navviz_free(void *pointer) { free(pointer); }

/* ---------------------------------------------------------------------------------------------
 * Bump arena for cgraph's memory discipline.
 *
 * cgraph's default ID discipline gives a named subgraph the address of its interned name as its
 * ID, and iterates subgraphs in ID order; with malloc the cluster order (and so the SVG) varies
 * between renders inside one process. An arena whose addresses increase in creation order makes
 * the order the order of first appearance in the DOT text, in every render.
 *
 * The arena reserves one large anonymous mapping (pages are only committed when touched), so
 * addresses increase across the whole graph. If a graph ever outgrows the reservation, further
 * blocks come from malloc: still correct, no longer guaranteed to be ordered.
 *
 * The discipline has no `close` function on purpose: with one, `agclose` skips `dtclose` and
 * leaks. Release the arena with `navviz_reader_close` after `agclose`.
 * ------------------------------------------------------------------------------------------ */

enum { NAVVIZ_ARENA_ALIGNMENT = 16 };

typedef struct navviz_overflow_block {
    struct navviz_overflow_block *next;
    /* followed by the block's bytes, aligned to NAVVIZ_ARENA_ALIGNMENT */
} navviz_overflow_block;

typedef struct navviz_arena {
    char *base;       /* start of the reservation, or NULL if mmap failed */
    size_t capacity;  /* bytes reserved */
    size_t used;      /* bytes handed out */
    void *last;       /* the most recent allocation, which can grow in place */
    size_t last_size; /* its rounded size */
    navviz_overflow_block *overflow;
} navviz_arena;

static inline size_t navviz_arena_round(size_t size) {
    size_t rounded = (size + NAVVIZ_ARENA_ALIGNMENT - 1) & ~(size_t)(NAVVIZ_ARENA_ALIGNMENT - 1);
    return rounded == 0 ? NAVVIZ_ARENA_ALIGNMENT : rounded;
}

/* Reserves address space; tries smaller sizes if the kernel refuses. */
static inline void navviz_arena_init(navviz_arena *arena) {
    memset(arena, 0, sizeof *arena);
    for (size_t size = (size_t)1 << 30; size >= ((size_t)1 << 24); size >>= 1) {
        void *base = mmap(NULL, size, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (base != MAP_FAILED) {
            arena->base = (char *)base;
            arena->capacity = size;
            return;
        }
    }
}

static inline void navviz_arena_release(navviz_arena *arena) {
    if (arena->base) munmap(arena->base, arena->capacity);
    navviz_overflow_block *block = arena->overflow;
    while (block) {
        navviz_overflow_block *next = block->next;
        free(block);
        block = next;
    }
    memset(arena, 0, sizeof *arena);
}

/* Zeroed memory, like cgraph's default `calloc`-style allocator. */
static inline void *navviz_arena_alloc(void *state, size_t request) {
    navviz_arena *arena = (navviz_arena *)state;
    size_t size = navviz_arena_round(request);
    if (arena->base && size <= arena->capacity - arena->used) {
        void *result = arena->base + arena->used; /* fresh pages are zero and never reused */
        arena->used += size;
        arena->last = result;
        arena->last_size = size;
        return result;
    }
    size_t header = navviz_arena_round(sizeof(navviz_overflow_block));
    navviz_overflow_block *block = (navviz_overflow_block *)calloc(1, header + size);
    if (!block) return NULL;
    block->next = arena->overflow;
    arena->overflow = block;
    arena->last = NULL;
    return (char *)block + header;
}

static inline void *navviz_arena_resize(void *state, void *pointer, size_t old_size, size_t request) {
    navviz_arena *arena = (navviz_arena *)state;
    if (!pointer) return navviz_arena_alloc(state, request);
    if (pointer == arena->last) {
        size_t size = navviz_arena_round(request);
        size_t start = (size_t)((char *)pointer - arena->base);
        if (size <= arena->capacity - start) {
            if (request > old_size) memset((char *)pointer + old_size, 0, request - old_size);
            if (size > arena->last_size) { /* never shrink: freed tails would not be zero */
                arena->used = start + size;
                arena->last_size = size;
            }
            return pointer;
        }
    }
    void *result = navviz_arena_alloc(state, request);
    if (result) memcpy(result, pointer, old_size < request ? old_size : request);
    return result;
}

/* Individual frees are no-ops: the whole arena goes at once. */
static inline void navviz_arena_free(void *state, void *pointer) {
    (void)state;
    (void)pointer;
}

/* ---------------------------------------------------------------------------------------------
 * ID discipline: cgraph's default one, except that anonymous objects (an unnamed root graph, whose
 * name `%N` appears in the SVG title, unnamed subgraphs, edges) are numbered per graph. The
 * default numbers them with a process-wide counter, so the same DOT got a different title in
 * every render.
 * ------------------------------------------------------------------------------------------ */

typedef struct navviz_ids {
    void *inner;           /* the default discipline's state (the root graph) */
    unsigned long counter; /* next anonymous ID; odd, like the default's, so never an address */
} navviz_ids;

static inline void *navviz_ids_open(Agraph_t *graph, Agdisc_t *disc) {
    navviz_ids *ids = (navviz_ids *)calloc(1, sizeof(navviz_ids));
    if (!ids) return NULL;
    ids->inner = AgIdDisc.open(graph, disc);
    ids->counter = 1;
    return ids;
}

static inline long navviz_ids_map(void *state, int type, char *name, IDTYPE *id, int create) {
    navviz_ids *ids = (navviz_ids *)state;
    if (name) return AgIdDisc.map(ids->inner, type, name, id, create);
    *id = ids->counter;
    ids->counter += 2;
    return 1;
}

static inline long navviz_ids_alloc(void *state, int type, IDTYPE request) {
    return AgIdDisc.alloc(((navviz_ids *)state)->inner, type, request);
}

static inline void navviz_ids_free(void *state, int type, IDTYPE id) {
    AgIdDisc.free(((navviz_ids *)state)->inner, type, id);
}

static inline char *navviz_ids_print(void *state, int type, IDTYPE id) {
    return AgIdDisc.print(((navviz_ids *)state)->inner, type, id);
}

static inline void navviz_ids_close(void *state) {
    navviz_ids *ids = (navviz_ids *)state;
    AgIdDisc.close(ids->inner);
    free(ids);
}

static inline void navviz_ids_register(void *state, int type, void *object) {
    AgIdDisc.idregister(((navviz_ids *)state)->inner, type, object);
}

/* ---------------------------------------------------------------------------------------------
 * Reading DOT from memory with `agread`.
 * ------------------------------------------------------------------------------------------ */

typedef struct navviz_reader {
    Agdisc_t disc; /* first, so the memory discipline's `open` can find the reader */
    Agmemdisc_t mem;
    Agiddisc_t id;
    Agiodisc_t io;
    navviz_arena arena;
    char *data; /* a private copy of the DOT text */
    size_t length;
    size_t position;
} navviz_reader;

static inline void *navviz_reader_mem_open(Agdisc_t *disc) {
    return &((navviz_reader *)disc)->arena;
}

static inline int navviz_reader_afread(void *channel, char *buffer, int size) {
    navviz_reader *reader = (navviz_reader *)channel;
    if (size <= 0 || reader->position >= reader->length) return 0;
    size_t count = reader->length - reader->position;
    if (count > (size_t)size) count = (size_t)size;
    memcpy(buffer, reader->data + reader->position, count);
    reader->position += count;
    return (int)count;
}

/*
 * Prepares to parse `length` bytes of DOT text (copied), with the arena and the ID discipline
 * above. With `use_arena` zero, cgraph's default malloc discipline is used instead (only to
 * demonstrate why the arena exists). NULL if out of memory. Pair with `navviz_reader_close`.
 */
static inline navviz_reader *navviz_reader_open(const char *data, size_t length, int use_arena) {
    navviz_reader *reader = (navviz_reader *)calloc(1, sizeof(navviz_reader));
    if (!reader) return NULL;
    reader->data = (char *)malloc(length + 1);
    if (!reader->data) {
        free(reader);
        return NULL;
    }
    if (length > 0) memcpy(reader->data, data, length);
    reader->data[length] = '\0';
    reader->length = length;

    reader->io.afread = navviz_reader_afread;
    reader->io.putstr = AgIoDisc.putstr;
    reader->io.flush = AgIoDisc.flush;
    if (use_arena) {
        navviz_arena_init(&reader->arena);
        reader->mem.open = navviz_reader_mem_open;
        reader->mem.alloc = navviz_arena_alloc;
        reader->mem.resize = navviz_arena_resize;
        reader->mem.free = navviz_arena_free;
        reader->mem.close = NULL; /* see above: a close function makes agclose leak */
        reader->disc.mem = &reader->mem;
    } else {
        reader->disc.mem = &AgMemDisc;
    }
    reader->id.open = navviz_ids_open;
    reader->id.map = navviz_ids_map;
    reader->id.alloc = navviz_ids_alloc;
    reader->id.free = navviz_ids_free;
    reader->id.print = navviz_ids_print;
    reader->id.close = navviz_ids_close;
    reader->id.idregister = navviz_ids_register;
    reader->disc.id = &reader->id;
    reader->disc.io = &reader->io;
    return reader;
}

/* Parses the first graph with `agread`; NULL on a syntax error or when there is no graph. */
static inline Agraph_t *navviz_reader_read(navviz_reader *reader) {
    agreadline(1); /* the scanner's line counter is global; restart it for this text */
    return agread(reader, &reader->disc);
}

/* Releases the arena and the copy of the text. Call after `agclose` of the graph it read. */
static inline void navviz_reader_close(navviz_reader *reader) {
    if (!reader) return;
    navviz_arena_release(&reader->arena);
    free(reader->data);
    free(reader);
}

/* ---------------------------------------------------------------------------------------------
 * Text layout plugins.
 *
 * A text layout engine measures one span of text (`textspan_t`). Its function returns Graphviz's
 * `boolean` (an unsigned char in 2.x, `bool` in later releases); these typedefs name whatever the
 * installed headers say, so Swift code compiles against either.
 * ------------------------------------------------------------------------------------------ */

typedef __typeof__(((gvtextlayout_engine_t *)0)->textlayout) navviz_textlayout_function;
typedef __typeof__((*(navviz_textlayout_function)0)((textspan_t *)0, (char **)0)) navviz_textlayout_result;

/* The engine's "not measured" answer, whichever type `navviz_textlayout_result` is. */
static inline navviz_textlayout_result navviz_textlayout_failed(void) { return 0; }

/* The engine's "measured" answer. */
static inline navviz_textlayout_result navviz_textlayout_succeeded(void) { return 1; }

/* Bytes the arena has handed out (for diagnostics and tests). */
static inline size_t navviz_reader_arena_used(const navviz_reader *reader) {
    return reader->arena.used;
}

#endif

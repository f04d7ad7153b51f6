# Vigil's native parser (see src/binding.c and docs/decisions.md): tree-sitter's C runtime from
# web-tree-sitter's own package (the release the WebAssembly fallback runs), the headers it needs
# from the `tree-sitter` package, and the generated parsers of the grammar packages at the
# versions tree-sitter-wasms 0.1.13 was built from. Every path is an installed npm package;
# nothing here is vendored. Built by scripts/build-native.mjs (npm's postinstall).
{
  "variables": {
    "modules": "../node_modules",
    "runtime": "../node_modules/web-tree-sitter/lib",
    "headers": "../node_modules/tree-sitter/vendor/tree-sitter/lib",
  },
  "target_defaults": {
    "cflags": ["-std=c11", "-fvisibility=hidden"],
    "defines": ["_POSIX_C_SOURCE=200112L", "_DEFAULT_SOURCE"],
  },
  "targets": [
    {
      "target_name": "vigil_parse",
      "sources": ["src/binding.c", "src/pool_alloc.c", "<(runtime)/lib.c"],
      "include_dirs": ["<(runtime)", "<(headers)/src", "<(headers)/include"],
      "defines": ["NAPI_VERSION=8"],
      "dependencies": [
        "grammar_javascript", "grammar_typescript", "grammar_tsx", "grammar_python",
        "grammar_php", "grammar_go", "grammar_java", "grammar_ruby",
      ],
    },
    # One library per grammar: each includes its own tree_sitter/parser.h.
    {
      "target_name": "grammar_javascript", "type": "static_library",
      "sources": ["<(modules)/tree-sitter-javascript/src/parser.c", "<(modules)/tree-sitter-javascript/src/scanner.c"],
      "include_dirs": ["<(modules)/tree-sitter-javascript/src"],
      "cflags": ["-w"],
    },
    {
      "target_name": "grammar_typescript", "type": "static_library",
      "sources": ["<(modules)/tree-sitter-typescript/typescript/src/parser.c", "<(modules)/tree-sitter-typescript/typescript/src/scanner.c"],
      "include_dirs": ["<(modules)/tree-sitter-typescript/typescript/src"],
      "cflags": ["-w"],
    },
    {
      "target_name": "grammar_tsx", "type": "static_library",
      "sources": ["<(modules)/tree-sitter-typescript/tsx/src/parser.c", "<(modules)/tree-sitter-typescript/tsx/src/scanner.c"],
      "include_dirs": ["<(modules)/tree-sitter-typescript/tsx/src"],
      "cflags": ["-w"],
    },
    {
      "target_name": "grammar_python", "type": "static_library",
      "sources": ["<(modules)/tree-sitter-python/src/parser.c", "<(modules)/tree-sitter-python/src/scanner.c"],
      "include_dirs": ["<(modules)/tree-sitter-python/src"],
      "cflags": ["-w"],
    },
    {
      "target_name": "grammar_php", "type": "static_library",
      "sources": ["<(modules)/tree-sitter-php/php/src/parser.c", "<(modules)/tree-sitter-php/php/src/scanner.c"],
      "include_dirs": ["<(modules)/tree-sitter-php/php/src"],
      "cflags": ["-w"],
    },
    {
      "target_name": "grammar_go", "type": "static_library",
      "sources": ["<(modules)/tree-sitter-go/src/parser.c"],
      "include_dirs": ["<(modules)/tree-sitter-go/src"],
      "cflags": ["-w"],
    },
    {
      "target_name": "grammar_java", "type": "static_library",
      "sources": ["<(modules)/tree-sitter-java/src/parser.c"],
      "include_dirs": ["<(modules)/tree-sitter-java/src"],
      "cflags": ["-w"],
    },
    {
      "target_name": "grammar_ruby", "type": "static_library",
      "sources": ["<(modules)/tree-sitter-ruby/src/parser.c", "<(modules)/tree-sitter-ruby/src/scanner.c"],
      "include_dirs": ["<(modules)/tree-sitter-ruby/src"],
      "cflags": ["-w"],
    },
  ],
}

// Catch2 2.x runner: the same suite runs natively and compiled to wasm under Node.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

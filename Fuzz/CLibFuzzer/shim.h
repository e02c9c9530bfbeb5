// libFuzzer's driver, which `-sanitize=fuzzer` links: SwiftPM names an executable's entry point after its
// module, so navviz-fuzz starts libFuzzer itself instead of using libFuzzer's `main`.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

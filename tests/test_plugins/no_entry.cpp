// A shared library without the entry symbol: the host must refuse it.
extern "C" __attribute__((visibility("default"))) int ratekit_something_else() { return 42; }

// The source of paa_test_pch (tests/CMakeLists.txt): an object library needs one; the header it
// precompiles is what the test binaries reuse.
